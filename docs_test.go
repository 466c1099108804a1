package uri

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// docExamples are the examples written in doc comments, each with the
// text the doc shows, so that a doc cannot drift from the code (issue
// #25: the Error doc showed an offset that Parse did not report). An
// example that an Example prints with // Output: is checked there
// instead: Explain's by ExampleExplain, Forward's by Example_reverseProxy.
var docExamples = []struct {
	where string // the doc comment
	got   func() string
	want  string // as the doc writes it
}{
	{"Error.Error", func() string { return errText(Parse("http://h:8a/")) },
		`uri: invalid port at offset 10 in "http://h:8a/": expected digit, or end of authority ('/', '?', '#')`},
	{"Error (masked input)", func() string { return errQuoted(Parse("https://u:pw@h:8a/")) }, `"https://u:xxxxx@h:8a/"`},
	{"Error (masked input)", func() string { return errQuoted(ParseWeb(" https:admin:pw@db.example:99999/")) },
		`" https:admin:xxxxx@db.example:99999/"`},
	{"ErrWeb", func() string { return errOffset(ParseWeb(" http://h:8\ta/")) }, "12"},
	{"Finding.String", func() string { return strings.SplitAfter(MustParse("http://0x7f.1/").Vet()[0].String(), ": ")[0] },
		"NonstandardIPv4 in host at offset 7: "},
	{"URI.WithPath", func() string { return withPath() }, `""`},
	{"URI.WithPath", func() string { return withPath("") }, `"/"`},
	{"URI.WithPath", func() string { return withPath("a b", "c/") }, `"/a%20b/c%2F"`},
	{"URI.WithPath", func() string { return withPath("a", "") }, `"/a/"`},
	{"URI.Segments", func() string { return segments("") }, "no segments"},
	{"URI.Segments", func() string { return segments("/") }, `one empty segment ""`},
	{"URI.Segments", func() string { return segments("/a/b/") }, `"a", "b", ""`},
	{"URI.Segments", func() string { return segments("a/b") }, `"a", "b"`},
	{"URI.Segments", func() string { return segments("//a") }, `"", "a"`},
	{"FromFilePath", func() string { return fromFilePath(`/home/u/a#b`, POSIX) }, "file:///home/u/a%23b"},
	{"FromFilePath", func() string { return fromFilePath(`C:\Program Files\x`, Windows) }, "file:///C:/Program%20Files/x"},
	{"FromFilePath", func() string { return fromFilePath(`\\server\share\x`, Windows) }, "file://server/share/x"},
	{"FromFilePath", func() string { return fromFilePath(`\\localhost\share\x`, Windows) }, "file:////localhost/share/x"},
	{"URI.FilePath", func() string { return filePath("file:///home/u/a%23b", POSIX) }, "/home/u/a#b"},
	{"URI.FilePath", func() string { return filePath("file:/home/u/x", POSIX) }, "/home/u/x"},
	{"URI.FilePath", func() string { return filePath("file://localhost/etc/hosts", POSIX) }, "/etc/hosts"},
	{"URI.FilePath", func() string { return filePath("file:///C:/Program%20Files/x", Windows) }, `C:\Program Files\x`},
	{"URI.FilePath", func() string { return filePath("file:///c%3A/x", Windows) }, `c:\x`},
	{"URI.FilePath", func() string { return filePath("file:c:/x", Windows) }, `c:\x`},
	{"URI.FilePath", func() string { return filePath("file://server/share/x", Windows) }, `\\server\share\x`},
	{"URI.FilePath", func() string { return filePath("file:////server/share/x", Windows) }, `\\server\share\x`},
	{"URI.FilePath", func() string { return filePath("file://///server/share/x", Windows) }, `\\server\share\x`},
	{"ParseUserInput", func() string { return typed("example.com", "https") }, "https://example.com/"},
	{"ParseUserInput", func() string { return typed("localhost:8080", "http") }, "http://localhost:8080/"},
	{"ParseUserInput", func() string { return typed("mailto:me@example.com", "https") }, "mailto:me@example.com"},
	{"Endpoint", func() string { return errSentinel(ParseEndpoint("localhost:8080")) }, "uri: invalid host"},
	{"Endpoint", func() string { return errSentinel(ParseEndpoint("")) }, "uri: invalid scheme"},
}

func errText(_ any, err error) string { return fmt.Sprint(err) }

// errQuoted returns the input as the message quotes it.
func errQuoted[T any](_ T, err error) string {
	s := fmt.Sprint(err)
	if i := strings.Index(s, ` in "`); i >= 0 {
		s = s[i+len(" in "):]
		if j := strings.Index(s, `": `); j >= 0 {
			s = s[:j+1]
		}
	}
	return s
}

func errOffset(_ URI, err error) string {
	var e *Error
	if !errors.As(err, &e) {
		return fmt.Sprint(err)
	}
	return fmt.Sprint(e.Offset)
}

func errSentinel[T any](_ T, err error) string {
	var e *Error
	if !errors.As(err, &e) {
		return fmt.Sprint(err)
	}
	return e.Err.Error()
}

func withPath(segments ...string) string {
	u, err := URI{}.WithPath(segments...)
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%q", u.Path)
}

func segments(path string) string {
	segs := slices.Collect(URI{Path: path}.Segments())
	switch len(segs) {
	case 0:
		return "no segments"
	case 1:
		if segs[0] == "" {
			return `one empty segment ""`
		}
	}
	q := make([]string, len(segs))
	for i, s := range segs {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

func fromFilePath(p string, style PathStyle) string {
	u, err := FromFilePath(p, style)
	if err != nil {
		return err.Error()
	}
	return u.String()
}

func filePath(s string, style PathStyle) string {
	p, err := MustParse(s).FilePath(style)
	if err != nil {
		return err.Error()
	}
	return p
}

func typed(s, scheme string) string {
	u, err := ParseUserInput(s, scheme)
	if err != nil {
		return err.Error()
	}
	return u.String()
}

// TestDocExamples checks each example of docExamples against the code.
func TestDocExamples(t *testing.T) {
	for _, d := range docExamples {
		if got := d.got(); got != d.want {
			t.Errorf("the doc of %s shows %s; the code gives %s", d.where, d.want, got)
		}
	}
}
