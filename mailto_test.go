package uri

import (
	"errors"
	"net/mail"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// splitNUL splits s at NUL bytes; "" is no element.
func splitNUL(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\x00")
}

// checkMailtoError checks an error of ParseMailto: an *Error on the
// caller's string, with an offset inside it.
func checkMailtoError(t *testing.T, s string, err error) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("ParseMailto(%q): %v is not an *Error", s, err)
	}
	if e.Input != s || e.Offset < 0 || e.Offset > len(s) || e.Expected == "" {
		t.Fatalf("ParseMailto(%q): error %#v", s, e)
	}
	return e
}

func TestMailtoCases(t *testing.T) {
	rows := readCases(t, filepath.Join("testdata", "mailto.txt"))
	sections := map[string]int{}
	for _, r := range rows {
		m, err := ParseMailto(r.input)
		if sec := r.fields["rfc"]; sec != "" {
			sections[sec]++
		}
		if fail := r.fields["fail"]; fail != "" {
			if err == nil {
				t.Errorf("line %d: ParseMailto(%q) = %q; want an error", r.line, r.input, m)
				continue
			}
			e := checkMailtoError(t, r.input, err)
			want := sentinels[fail]
			if fail == "mailto" {
				want = ErrMailto
			}
			if !errors.Is(err, want) || r.fields["at"] != "" && r.fields["at"] != strconv.Itoa(e.Offset) {
				t.Errorf("line %d: ParseMailto(%q): %v at %d; want %s at %s", r.line, r.input, err, e.Offset, fail, r.fields["at"])
			}
			continue
		}
		if err != nil {
			t.Errorf("line %d: ParseMailto(%q): %v", r.line, r.input, err)
			continue
		}
		var fields [][2]string
		for _, f := range splitNUL(r.fields["fields"]) {
			name, value, _ := strings.Cut(f, "=")
			fields = append(fields, [2]string{name, value})
		}
		want := Mailto{To: splitNUL(r.fields["to"]), Fields: fields}
		if !reflect.DeepEqual(m, want) {
			t.Errorf("line %d: ParseMailto(%q) = %q; want %q", r.line, r.input, m, want)
		}
		wantURI := r.fields["uri"]
		if wantURI == "same" {
			wantURI = r.input
		}
		u := m.URI()
		if got := u.String(); got != wantURI {
			t.Errorf("line %d: URI() of ParseMailto(%q) = %q; want %q", r.line, r.input, got, wantURI)
		}
		if err := u.Validate(); err != nil {
			t.Errorf("line %d: URI() = %q: %v", r.line, u, err)
		}
	}
	for _, sec := range []string{"6.1", "6.2", "6.3"} {
		if sections[sec] == 0 {
			t.Errorf("no example of RFC 6068, Section %s", sec)
		}
	}
	t.Logf("testdata/mailto.txt: %d cases, RFC 6068 examples by section: %v", len(rows), sections)
}

// checkMailtoURI checks the boundaries of a URI that Mailto.URI built
// from m: RFC 3986 parses it back to the same components, its path holds
// one ',' between addresses and one '@' in each, and its query one '&'
// between fields and one '=' in each, so no reader splits it elsewhere.
func checkMailtoURI(t *testing.T, m Mailto) string {
	t.Helper()
	u := m.URI()
	s := u.String()
	p, err := Parse(s)
	if err != nil || p != u {
		t.Fatalf("URI() of %q = %q, which Parse reads as %#v, %v", m, s, p, err)
	}
	if u.Path != "" && (strings.Count(u.Path, ",") != len(m.To)-1 || strings.Count(u.Path, "@") > len(m.To)) {
		t.Fatalf("URI() of %q: path %q", m, u.Path)
	}
	if u.HasQuery && (strings.Count(u.Query, "&") != len(m.Fields)-1 || strings.Count(u.Query, "=") != len(m.Fields)) {
		t.Fatalf("URI() of %q: query %q", m, u.Query)
	}
	return s
}

// FuzzMailto checks both directions. Read: an error is an *Error at a
// byte of the input; a Mailto read is written by URI as a URI that reads
// back to it (the canonical form). Build: a Mailto made of addr-specs
// (net/mail reads a dot-atom one to the same address) and fields as
// ParseMailto returns them is written by URI as a URI that ParseMailto
// reads back to the same addresses and fields.
func FuzzMailto(f *testing.F) {
	for _, r := range readCases(f, filepath.Join("testdata", "mailto.txt")) {
		f.Add(r.input, "a@example.org", "subject", "caf\u00e9")
	}
	f.Add("", "\"not@me\"@example.org", "body", "line 1\r\nline 2 & more = 100%")
	f.Add("mailto:", "x@[IPv6:::1]", "x-y", "a,b;c?d#e")
	f.Fuzz(func(t *testing.T, s, addr, name, value string) {
		m, err := ParseMailto(s)
		if err != nil {
			checkMailtoError(t, s, err)
		} else {
			built := checkMailtoURI(t, m)
			again, err := ParseMailto(built)
			if err != nil || !reflect.DeepEqual(again, m) {
				t.Fatalf("ParseMailto(%q) = %q, whose URI %q reads back as %q, %v", s, m, built, again, err)
			}
		}
		// build then read
		var b Mailto
		if _, want := addrSpecFault(addr); want == "" {
			b.To = []string{addr, "second@example.org"}
			checkNetMail(t, addr)
		}
		name = strings.ToLower(name)
		ok := name != "" && name != "to" && textFault(value, name == "body") < 0
		for i := 0; i < len(name); i++ {
			ok = ok && name[i] > ' ' && name[i] < 0x7f && name[i] != ':'
		}
		if ok {
			b.Fields = [][2]string{{name, value}, {"subject", "x"}}
		}
		built := checkMailtoURI(t, b)
		got, err := ParseMailto(built)
		if err != nil || !reflect.DeepEqual(got, b) {
			t.Fatalf("ParseMailto(URI() of %q) = ParseMailto(%q) = %q, %v", b, built, got, err)
		}
	})
}

// checkNetMail checks that net/mail, the standard library's RFC 5322
// reader, reads an ASCII dot-atom address that ParseMailto accepts as
// the same address.
func checkNetMail(t *testing.T, addr string) {
	t.Helper()
	for i := 0; i < len(addr); i++ {
		if addr[i] >= utf8.RuneSelf || addr[i] == '"' || addr[i] == '[' {
			return
		}
	}
	a, err := mail.ParseAddress("<" + addr + ">")
	if err != nil || a.Address != addr {
		t.Fatalf("net/mail reads the address %q as %v, %v", addr, a, err)
	}
}
