package uri

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// readDataURLJSON reads a web-platform-tests file of
// ../shared/data/data-url/ into v, or skips the test saying what to get.
func readDataURLJSON(t *testing.T, name string, v any) {
	t.Helper()
	path := filepath.Join("..", "shared", "data", "data-url", name)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("%s not found: get web-platform-tests' fetch/data-urls/resources/%s (see ../shared/data/data-url/PROVENANCE.md) beside this clone; testdata/dataurl.txt still runs: %v", path, name, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// checkDataURL checks ParseDataURL's result against AppendDataURLBody
// and the MIME type against ParseMediaType, and returns it.
func checkDataURL(t *testing.T, s string) (DataURL, error) {
	t.Helper()
	d, err := ParseDataURL(s)
	prefix := []byte("prefix")
	b, aerr := AppendDataURLBody(prefix[:len(prefix):len(prefix)], s)
	if (err == nil) != (aerr == nil) || err != nil && err.Error() != aerr.Error() {
		t.Fatalf("ParseDataURL(%q): %v; AppendDataURLBody: %v", s, err, aerr)
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
			t.Fatalf("ParseDataURL(%q): %#v", s, err)
		}
		if !errors.Is(err, ErrDataURL) && !errors.Is(err, ErrWeb) && !errors.Is(err, ErrWebIDNA) {
			t.Fatalf("ParseDataURL(%q): %v wraps neither ErrDataURL nor ErrWeb", s, err)
		}
		if string(b) != "prefix" {
			t.Fatalf("AppendDataURLBody(%q) changed dst on error: %q", s, b)
		}
		return d, err
	}
	if !bytes.Equal(b[len(prefix):], d.Body) || string(b[:len(prefix)]) != "prefix" {
		t.Fatalf("AppendDataURLBody(%q) = %q; ParseDataURL's body %q", s, b, d.Body)
	}
	if d.Body == nil {
		t.Fatalf("ParseDataURL(%q): nil body", s)
	}
	if mt, err := ParseMediaType(d.MediaType); err != nil || mt != d.MediaType {
		t.Fatalf("ParseDataURL(%q).MediaType %q re-parses to %q, %v", s, d.MediaType, mt, err)
	}
	return d, nil
}

func TestDataURLWPT(t *testing.T) {
	var cases [][]json.RawMessage
	readDataURLJSON(t, "data-urls.json", &cases)
	fails := 0
	for _, c := range cases {
		var in string
		var mt *string
		if err := json.Unmarshal(c[0], &in); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c[1], &mt); err != nil {
			t.Fatal(err)
		}
		d, err := checkDataURL(t, in)
		if mt == nil {
			fails++
			if err == nil {
				t.Errorf("ParseDataURL(%q) = %q, %q; want failure", in, d.MediaType, d.Body)
			}
			continue
		}
		var body []int
		if err := json.Unmarshal(c[2], &body); err != nil {
			t.Fatal(err)
		}
		want := make([]byte, len(body))
		for i, v := range body {
			want[i] = byte(v)
		}
		if err != nil || d.MediaType != *mt || !bytes.Equal(d.Body, want) {
			t.Errorf("ParseDataURL(%q) = %q, %q, %v; want %q, %q", in, d.MediaType, d.Body, err, *mt, want)
		}
	}
	t.Logf("data-urls.json: %d entries (%d expected to fail)", len(cases), fails)
}

func TestForgivingBase64WPT(t *testing.T) {
	var cases [][]json.RawMessage
	readDataURLJSON(t, "base64.json", &cases)
	for _, c := range cases {
		var in string
		var want *[]int
		if json.Unmarshal(c[0], &in) != nil || json.Unmarshal(c[1], &want) != nil {
			t.Fatalf("bad entry %s", c)
		}
		_, at, fault := forgivingBase64(nil, in, true)
		if want == nil {
			if fault == "" {
				t.Errorf("forgiving-base64 %q: no failure", in)
			} else if at < 0 || at > len(in) {
				t.Errorf("forgiving-base64 %q: fault at %d", in, at)
			}
			continue
		}
		got, _, _ := forgivingBase64([]byte{}, in, false)
		w := make([]byte, len(*want))
		for i, v := range *want {
			w[i] = byte(v)
		}
		if fault != "" || !bytes.Equal(got, w) {
			t.Errorf("forgiving-base64 %q = %q (%s at %d); want %q", in, got, fault, at, w)
		}
	}
	t.Logf("base64.json: %d entries", len(cases))
}

func TestMediaTypeWPT(t *testing.T) {
	for _, name := range []string{"mime-types.json", "generated-mime-types.json"} {
		var raw []json.RawMessage
		readDataURLJSON(t, name, &raw)
		n := 0
		for _, r := range raw {
			var c struct {
				Input  string
				Output *string
			}
			if len(r) == 0 || r[0] != '{' {
				continue // a comment string
			}
			if err := json.Unmarshal(r, &c); err != nil {
				t.Fatal(err)
			}
			n++
			got, err := ParseMediaType(c.Input)
			switch {
			case c.Output == nil && err == nil:
				t.Errorf("%s: ParseMediaType(%q) = %q; want failure", name, c.Input, got)
			case c.Output != nil && (err != nil || got != *c.Output):
				t.Errorf("%s: ParseMediaType(%q) = %q, %v; want %q", name, c.Input, got, err, *c.Output)
			case err != nil:
				checkMediaTypeError(t, c.Input, err)
			}
		}
		t.Logf("%s: %d entries", name, n)
	}
}

func checkMediaTypeError(t *testing.T, s string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrMediaType) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
		t.Fatalf("ParseMediaType(%q): %#v", s, err)
	}
}

func TestDataURLCases(t *testing.T) {
	rows := readCases(t, filepath.Join("testdata", "dataurl.txt"))
	for _, r := range rows {
		var err error
		var got string
		switch r.verb {
		case "dataurl":
			var d DataURL
			d, err = checkDataURL(t, r.input)
			if f := r.fields["fail"]; f == "" {
				if err != nil || d.MediaType != r.fields["type"] || string(d.Body) != r.fields["body"] {
					t.Errorf("line %d: ParseDataURL(%q) = %q, %q, %v; want %q, %q", r.line, r.input, d.MediaType, d.Body, err, r.fields["type"], r.fields["body"])
				}
				continue
			} else if sentinel := map[string]error{"dataurl": ErrDataURL, "web": ErrWeb}[f]; !errors.Is(err, sentinel) {
				t.Errorf("line %d: ParseDataURL(%q) = %q, %q, %v; want %v", r.line, r.input, d.MediaType, d.Body, err, sentinel)
				continue
			}
		case "mediatype":
			got, err = ParseMediaType(r.input)
			if r.fields["fail"] == "" {
				if err != nil || got != r.fields["out"] {
					t.Errorf("line %d: ParseMediaType(%q) = %q, %v; want %q", r.line, r.input, got, err, r.fields["out"])
				}
				if again, err := ParseMediaType(got); err != nil || again != got {
					t.Errorf("line %d: ParseMediaType(%q) = %q, %v", r.line, got, again, err)
				}
				continue
			}
			if err == nil {
				t.Errorf("line %d: ParseMediaType(%q) = %q; want failure", r.line, r.input, got)
				continue
			}
			checkMediaTypeError(t, r.input, err)
		default:
			t.Fatalf("line %d: verb %q", r.line, r.verb)
		}
		var e *Error
		if !errors.As(err, &e) || strconv.Itoa(e.Offset) != r.fields["at"] {
			t.Errorf("line %d: %q: %v; want the offset %s", r.line, r.input, err, r.fields["at"])
		}
	}
	t.Logf("testdata/dataurl.txt: %d cases", len(rows))
}

func TestDataURLAllocs(t *testing.T) {
	for _, s := range []string{"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
		"data:text/plain;charset=utf-8,caf%C3%A9%20au%20lait", "data:,hello", "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = ParseDataURL(s) }); n > 1 {
			t.Errorf("ParseDataURL(%q): %v allocations, want at most 1", s, n)
		}
		buf := make([]byte, 0, 256)
		if n := testing.AllocsPerRun(100, func() { _, _ = AppendDataURLBody(buf[:0], s) }); n != 0 {
			t.Errorf("AppendDataURLBody(%q): %v allocations, want 0", s, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseMediaType("text/html;charset=utf-8") }); n != 0 {
		t.Errorf("ParseMediaType of a serialized MIME type: %v allocations, want 0", n)
	}
}

func BenchmarkDataURL(b *testing.B) {
	const s = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
	b.Run("ParseDataURL", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = ParseDataURL(s)
		}
	})
	b.Run("AppendDataURLBody", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 256)
		for i := 0; i < b.N; i++ {
			buf, _ = AppendDataURLBody(buf[:0], s)
		}
	})
}

// FuzzDataURL checks the properties of ParseDataURL on any input: the
// append form gives the same body and error, the MIME type re-parses to
// itself, and a data: URL built from the result (the MIME type, when the
// URL parser leaves it as it is, and the body base64-encoded or
// percent-encoded) reads back to the same MIME type and body. It checks
// ParseMediaType on the same input: a result re-parses to itself, an
// error is at a byte of the input.
func FuzzDataURL(f *testing.F) {
	for _, s := range []string{"data:,A%20brief%20note", "data:image/png;base64,iVBORw0KGgo=", "data:text/plain;charset=\"x\\\"y\";a=b,x", "da\tta:;base64,YQ = =",
		"data:text/html,a?b#c", "data://h/,x", "data:/a/../b,y", "data:;base64,Y", "text/html;charset=gbk(", "x/x;x=\"ÿ\"", " TEXT/html ; q=\"\" "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if mt, err := ParseMediaType(s); err == nil {
			if again, err := ParseMediaType(mt); err != nil || again != mt {
				t.Fatalf("ParseMediaType(%q) = %q, which re-parses to %q, %v", s, mt, again, err)
			}
		} else {
			checkMediaTypeError(t, s, err)
		}
		d, err := checkDataURL(t, s)
		if err != nil {
			return
		}
		for _, b64 := range []bool{false, true} {
			mt := d.MediaType
			if strings.ContainsAny(mt, ",#?%") || strings.IndexFunc(mt, func(r rune) bool { return r < 0x20 || r > 0x7e }) >= 0 {
				mt = "" // the URL parser would change it, or the ',' cut it
			}
			u := "data:" + mt
			if b64 {
				u += ";base64," + base64.StdEncoding.EncodeToString(d.Body)
			} else {
				u += "," + Encode(string(d.Body), ComponentUnreserved)
			}
			e, err := ParseDataURL(u)
			if err != nil || !bytes.Equal(e.Body, d.Body) || mt != "" && e.MediaType != mt {
				t.Fatalf("ParseDataURL(%q) = %q, %q, %v; built from %q, %q", u, e.MediaType, e.Body, err, d.MediaType, d.Body)
			}
		}
	})
}
