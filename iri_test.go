package uri

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseIRI(t *testing.T) {
	tests := []struct {
		in, want string // want "" for an error
		at       int
		err      error
	}{
		// RFC 3987, Section 3.1, mapping: the example of Section 3.1's step 2.
		{"http://r\u00e9sum\u00e9.example.org", "http://r%C3%A9sum%C3%A9.example.org", 0, nil},
		{"https://\u4f8b\u3048.jp/\u30d1\u30b9?q=\u00fc#\u00a7", "https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%C3%BC#%C2%A7", 0, nil},
		{"http://u\u00ff@h/", "http://u%C3%BF@h/", 0, nil},
		{"\u00e9t\u00e9/a", "%C3%A9t%C3%A9/a", 0, nil},
		{"http://a/?\ue000", "http://a/?%EE%80%80", 0, nil},      // iprivate in the query
		{"http://a/\U0001F600", "http://a/%F0%9F%98%80", 0, nil}, // a plane-1 ucschar
		{"http://a/b%20c", "http://a/b%20c", 0, nil},             // ASCII: as Parse
		{"http://a/\ue000", "", 9, ErrIRI},                       // iprivate outside the query
		{"http://a/#\ue000", "", 10, ErrIRI},                     // ... or in the fragment
		{"http://a/\ufffe", "", 9, ErrIRI},                       // a noncharacter
		{"http://a/\U0001FFFE", "", 9, ErrIRI},                   // a noncharacter
		{"http://a/\u200e", "", 9, ErrIRI},                       // a bidi mark
		{"http://a/\u0085", "", 9, ErrIRI},                       // C1 control
		{"http://a/\xff", "", 9, ErrIRI},                         // invalid UTF-8
		{"http://a/\xc3", "", 9, ErrIRI},                         // truncated UTF-8
		{"http://a/\u00e9 x", "", 11, ErrPath},                   // an ASCII fault after a non-ASCII character
		{"h\u00e9tp://a/", "", 1, ErrScheme},                     // not in a scheme
		{"http://a:8\u00e9/", "", 10, ErrPort},                   // not in a port
		{"http://[::\u00e9]/", "", 10, ErrHost},                  // not in an IP literal
		{"http://\u00e9\u00e9.a/%zz", "", 15, ErrPath},           // offsets stay in the input
	}
	for _, tt := range tests {
		u, err := ParseIRI(tt.in)
		if tt.want != "" {
			if err != nil || u.String() != tt.want {
				t.Errorf("ParseIRI(%q) = %q, %v; want %q", tt.in, u.String(), err, tt.want)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.at || e.Input != tt.in {
			t.Errorf("ParseIRI(%q) = %v; want %v at %d", tt.in, err, tt.err, tt.at)
		}
	}
}

// FuzzParseIRI checks: ASCII input parses exactly as Parse parses it; the
// result is a valid URI that differs from the input only by the encoding of
// non-ASCII characters; errors point at a character boundary of the input.
func FuzzParseIRI(f *testing.F) {
	f.Add("https://\u4f8b\u3048.jp/\u30d1\u30b9?q=\u00fc#\u00a7")
	f.Add("http://a/?\ue000#\u00e9")
	f.Add("h\u00e9tp://[::1]:\u00e9/")
	f.Add("http://a/b")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseIRI(s)
		if !strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }) && utf8.ValidString(s) {
			v, perr := Parse(s)
			if (err == nil) != (perr == nil) || u != v {
				t.Fatalf("ParseIRI(%q) = %v, %v; Parse says %v, %v", s, u, err, v, perr)
			}
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("ParseIRI(%q): %v", s, err)
			}
			// In valid UTF-8 the offset is a character boundary; in invalid
			// UTF-8 it may be the stray byte itself.
			if utf8.ValidString(s) && e.Offset < len(s) && !utf8.RuneStart(s[e.Offset]) {
				t.Fatalf("ParseIRI(%q): offset %d is inside a character", s, e.Offset)
			}
			return
		}
		if err := u.Validate(); err != nil {
			t.Fatalf("ParseIRI(%q) = %q, invalid: %v", s, u, err)
		}
		if got, err := Decode(u.String()); err != nil || !strings.Contains(s, "%") && got != s {
			t.Fatalf("ParseIRI(%q) = %q, which decodes to %q, %v", s, u, got, err)
		}
	})
}
