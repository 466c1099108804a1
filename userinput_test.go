package uri

import (
	"errors"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// typedSentinels names the sentinels of testdata/input.txt.
var typedSentinels = map[string]error{
	"scheme": ErrScheme, "userinfo": ErrUserinfo, "host": ErrHost, "port": ErrPort, "path": ErrPath,
	"query": ErrQuery, "fragment": ErrFragment, "web": ErrWeb, "webidna": ErrWebIDNA,
}

// readFields reads the quoted strings and bare words of a line of a
// testdata file, in order.
func readFields(t testing.TB, where, s string) []string {
	t.Helper()
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			v, rest, err := unquotePrefix(s)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			out, s = append(out, v), rest
			continue
		}
		w, rest, _ := strings.Cut(s, " ")
		out, s = append(out, w), rest
	}
	return out
}

// caseLine is a line of a testdata case file: its verb, its quoted
// strings and bare words, and where it is, for messages.
type caseLine struct {
	where, verb string
	f           []string
}

// caseLines reads the lines of a testdata case file that are not
// comments or blank.
func caseLines(t testing.TB, file string) []caseLine {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []caseLine
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		verb, rest, _ := strings.Cut(line, " ")
		where := file + ":" + strconv.Itoa(n+1)
		out = append(out, caseLine{where, verb, readFields(t, where, rest)})
	}
	return out
}

// addSeeds adds the first string of every line of a testdata case file
// that starts with verb as a seed of f.
func addSeeds(f *testing.F, file, verb string) {
	for _, c := range caseLines(f, file) {
		if c.verb == verb && len(c.f) > 0 {
			f.Add(c.f[0])
		}
	}
}

// typedReading returns the text that ParseUserInput hands the URL Standard's
// parser for s with defaultScheme, whether it is a suffix reference with
// the scheme in front, and s[i:j], the input without the C0 controls and
// spaces around it.
func typedReading(s, defaultScheme string) (reading string, suffix bool, i, j int) {
	i, j = 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	if typedScheme(s[i:j]) > 0 {
		return s, false, i, j
	}
	return defaultScheme + "://" + s[i:j], true, i, j
}

// TestParseUserInput runs the typed lines of testdata/input.txt.
func TestParseUserInput(t *testing.T) {
	rows, fails := 0, 0
	for _, c := range caseLines(t, "testdata/input.txt") {
		if c.verb != "typed" {
			continue
		}
		where, f := c.where, c.f
		if len(f) < 4 || f[2] != "->" {
			t.Fatalf("%s: want typed \"input\" \"scheme\" -> ...", where)
		}
		rows++
		in, scheme := f[0], f[1]
		u, err := ParseUserInput(in, scheme)
		if f[3] != "FAIL" {
			if err != nil || u.String() != f[3] {
				t.Errorf("%s: ParseUserInput(%q, %q) = %q, %v; want %q", where, in, scheme, u, err, f[3])
			}
			continue
		}
		fails++
		if len(f) != 6 {
			t.Fatalf("%s: want FAIL <sentinel> <offset>", where)
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, typedSentinels[f[4]]) || e.Input != in {
			t.Errorf("%s: ParseUserInput(%q, %q) = %q, %#v; want an *Error wrapping %v", where, in, scheme, u, err, typedSentinels[f[4]])
			continue
		}
		want, _ := strconv.Atoi(f[5])
		if f[5] == "?" {
			// The URL Standard parser's offset, translated into in.
			reading, suffix, i, j := typedReading(in, scheme)
			var we *Error
			if _, werr := ParseWeb(reading); !errors.As(werr, &we) {
				t.Errorf("%s: ParseWeb(%q) = %v, want an *Error", where, reading, werr)
				continue
			}
			want = we.Offset
			if suffix {
				want = min(max(we.Offset-len(scheme+"://"), 0)+i, j)
			}
		}
		if e.Offset != want {
			t.Errorf("%s: ParseUserInput(%q, %q) fails at offset %d, want %d: %v", where, in, scheme, e.Offset, want, err)
		}
	}
	t.Logf("%d typed inputs, %d of them errors", rows, fails)
}

// TestParseUserInputReaders checks the boundary: Node's URL (recorded in
// testdata/input.txt) and net/url read every URI that ParseUserInput returns
// with the host, port, path, query and fragment that its fields hold.
func TestParseUserInputReaders(t *testing.T) {
	want := map[string]bool{}
	for _, c := range caseLines(t, "testdata/input.txt") {
		where, f := c.where, c.f
		switch c.verb {
		case "typed":
			if len(f) == 4 {
				want[f[3]] = true
			}
		case "node":
			if len(f) != 13 {
				t.Fatalf("%s: want node \"uri\" href .. host .. port .. path .. query .. fragment ..", where)
			}
			delete(want, f[0])
			u := MustParse(f[0])
			node := map[string]string{}
			for k := 1; k+1 < len(f); k += 2 {
				node[f[k]] = f[k+1]
			}
			query, fragment := "", ""
			if u.HasQuery && u.Query != "" {
				query = "?" + u.Query
			}
			if u.HasFragment && u.Fragment != "" {
				fragment = "#" + u.Fragment
			}
			got := map[string]string{"href": u.String(), "host": u.Host, "port": u.Port, "path": u.Path, "query": query, "fragment": fragment}
			for k, v := range got {
				if node[k] != v {
					t.Errorf("%s: Node reads %s %q in %q, the URI holds %q", where, k, node[k], f[0], v)
				}
			}
			nu, err := url.Parse(f[0])
			if err != nil {
				t.Errorf("%s: url.Parse(%q): %v", where, f[0], err)
				continue
			}
			host := strings.TrimSuffix(strings.TrimPrefix(u.Host, "["), "]")
			if nu.Hostname() != host || nu.Port() != u.Port || nu.EscapedPath() != u.Path && nu.Opaque != u.Path || nu.RawQuery != u.Query {
				t.Errorf("%s: net/url reads %q as host %q, port %q, path %q (opaque %q), query %q", where, f[0], nu.Hostname(), nu.Port(), nu.EscapedPath(), nu.Opaque, nu.RawQuery)
			}
		}
	}
	for s := range want {
		t.Errorf("testdata/input.txt: no node line for %q: run node testdata/input_node.js", s)
	}
}

// TestParseUserInputParts checks what input.txt cannot hold: a default scheme
// that is not one, an IDNA function whose answer is not a host name, and
// IDNA through the WebParser.
func TestParseUserInputParts(t *testing.T) {
	if _, err := ParseUserInput("example.com", "ht tp"); err == nil || errors.As(err, new(*Error)) {
		t.Errorf("ParseUserInput with the default scheme \"ht tp\": %v, want an error that is not an *Error", err)
	}
	for _, scheme := range []string{"1http", "http:", "-"} {
		if _, err := ParseUserInput("https://example.com/", scheme); err == nil {
			t.Errorf("ParseUserInput with the default scheme %q: no error", scheme)
		}
	}
	// An IDNA function that maps a fullwidth '(' to '(' gives a host a
	// host name cannot have: an error at the host, never that host.
	p := WebParser{IDNA: func(h string) (string, error) {
		return strings.NewReplacer("\uff08", "(", "\uff09", ")", "\u00fc", "xn--tda").Replace(h), nil
	}}
	if u, err := p.ParseUserInput(" a\uff08b\uff09.example", "https"); !errors.Is(err, ErrHost) || err.(*Error).Offset != 1 {
		t.Errorf("ParseUserInput of a host IDNA maps to \"a(b).example\" = %v, %v; want ErrHost at offset 1", u, err)
	}
	if u, err := p.ParseUserInput("\u00fc.example/x", "https"); err != nil || u.String() != "https://xn--tda.example/x" {
		t.Errorf("ParseUserInput with IDNA = %v, %v; want https://xn--tda.example/x", u, err)
	}
}

// FuzzParseUserInput checks ParseUserInput's properties on any input: an error is
// an *Error into the input; a result is valid, reparses to itself, reads
// back to itself through ParseUserInput, is the URL Standard's reading of the
// input (or of the suffix reference with the default scheme), and a
// suffix reference has the default scheme and a host name, never a
// userinfo.
func FuzzParseUserInput(f *testing.F) {
	addSeeds(f, "testdata/input.txt", "typed")
	f.Fuzz(func(t *testing.T, s string) {
		const scheme = "https"
		u, err := ParseUserInput(s, scheme)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("ParseUserInput(%q): %#v, want an *Error with an offset into the input", s, err)
			}
			return
		}
		if err := u.Validate(); err != nil {
			t.Fatalf("ParseUserInput(%q) = %q, invalid: %v", s, u, err)
		}
		if v, err := Parse(u.String()); err != nil || v != u {
			t.Fatalf("ParseUserInput(%q) = %q, which reparses as %q, %v", s, u, v, err)
		}
		if at, _ := strayCloser(u.String(), 0, len(u.String()), false); at < 0 {
			// (Removing a dot segment can leave a closer without its opener:
			// "x.example/(/../)" gives "https://x.example/)".)
			if v, err := ParseUserInput(u.String(), scheme); err != nil || v != u {
				t.Fatalf("ParseUserInput(%q) = %q, and ParseUserInput of that = %q, %v", s, u, v, err)
			}
		}
		reading, suffix, _, _ := typedReading(s, scheme)
		if w, err := ParseWeb(reading); err != nil || w != u {
			t.Fatalf("ParseUserInput(%q) = %q, but ParseWeb(%q) = %q, %v", s, u, reading, w, err)
		}
		if suffix && (u.Scheme != scheme || !typedHostName(u) || u.HasUserinfo) {
			t.Fatalf("ParseUserInput(%q), a suffix reference, = %q: want the scheme %s and a host name", s, u, scheme)
		}
		if !utf8.ValidString(u.String()) {
			t.Fatalf("ParseUserInput(%q) = %q, not UTF-8", s, u)
		}
	})
}

func init() {
	hostileEntries = append(hostileEntries,
		hostileEntry{"ParseUserInput", func(u URI, s string) { sinkURI, sinkErr = ParseUserInput(s, "https") }},
		hostileEntry{"ParseUserInputSuffix", func(u URI, s string) { sinkURI, sinkErr = ParseUserInput(u.Host+u.Path, "https") }},
	)
	// ParseUserInput hands the URL Standard's parser the input, or a copy with
	// the default scheme in front (one byte per byte more than ParseWeb).
	hostileBytesPerByte["ParseUserInput"] = 13
	hostileBytesPerByte["ParseUserInputSuffix"] = 13
}
