package uri

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestErrorMasksPasswordRows holds issue #10, row 2 and its neighbours:
// passwords holding '/', '?', '#', '@' and ':', in input the parser
// rejects in the authority or after it.
func TestErrorMasksPasswordRows(t *testing.T) {
	for _, tt := range []struct{ in, secret, want string }{
		{"https://AKID:wJal/K7MD@bucket:8a/", "wJal/K7MD", `"https://AKID:xxxxx@bucket:8a/"`},
		{"postgres://app:my?secret@db:x/x", "my?secret", `"postgres://app:xxxxx@db:x/x"`},
		{"postgres://app:my#secret@db:x/x", "my#secret", `"postgres://app:xxxxx@db:x/x"`},
		{"https://u:p@ss:w/rd@h:bad/", "p@ss:w/rd", `"https://u:xxxxx@h:bad/"`},
		{"https://u:a/b?c#d@h/ x", "a/b?c#d", `"https://u:xxxxx@h/ x"`},
		{"https://u:se:cr:et@h/ x", "se:cr:et", `"https://u:xxxxx@h/ x"`},
		{"https://u:secret@h/p a@t/h", "secret", `"https://u:xxxxx@t/h"`},
		{"//0:S3CRET@#S3CRET@ ", "S3CRET", `"//0:xxxxx@ "`},
		{"http://[::1%x:S3CRET@h/", "S3CRET", `"http://[:xxxxx@h/"`},
		{"//[::1%25u:S3CRET@h]/", "S3CRET", `"//[:xxxxx@h]/"`},
		{"https://u:sec ret@h/", "sec ret", `"https://u:xxxxx@h/"`},
	} {
		_, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) accepted", tt.in)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, tt.secret) || !strings.Contains(msg, tt.want) {
			t.Errorf("Parse(%q): %s\nwant the input quoted as %s", tt.in, msg, tt.want)
		}
		if g := fmt.Sprintf("%#v", err); strings.Contains(g, tt.secret) {
			t.Errorf("%%#v of the error prints the secret: %s", g)
		}
	}
	// ParseWeb's errors quote web input, where the authority may follow
	// backslashes, or no slash at all after a special scheme.
	for _, in := range []string{
		`https:\\user:S3CRET@:80/`,
		`https:/\user:S3CRET@/`,
		"https:user:S3CRET@:1/",
		"HTTP:user:S3CRET@[::1/",
		`http:\\user:S3CRET@a b/`,
		"https://user:S3CRET@h:99999/",
	} {
		_, err := ParseWeb(in)
		if err == nil {
			t.Errorf("ParseWeb(%q) accepted", in)
			continue
		}
		if strings.Contains(err.Error(), "S3CRET") || strings.Contains(fmt.Sprintf("%#v", err), "S3CRET") {
			t.Errorf("ParseWeb(%q): %v", in, err)
		}
	}
}

// errorsAbout returns every way an error about u can reach a caller:
// Validate, MarshalText, JSON, SQL, and the text through Parse, ParseIRI,
// UnmarshalText, Scan, ParseWeb (also with backslashes for slashes) and
// ResolveWeb against an http base.
func errorsAbout(u URI, text string) []error {
	var errs []error
	add := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	add(u.Validate())
	_, err := u.MarshalText()
	add(err)
	_, err = json.Marshal(u)
	add(err)
	_, err = u.Value()
	add(err)
	_, err = Parse(text)
	add(err)
	_, err = ParseIRI(text)
	add(err)
	var v URI
	add(v.UnmarshalText([]byte(text)))
	add(json.Unmarshal([]byte(fmt.Sprintf("%q", text)), &v))
	add(v.Scan(text))
	_, err = ParseWeb(text)
	add(err)
	_, err = ParseWeb(strings.Replace(text, "//", `\\`, 1))
	add(err)
	_, err = webBase.ResolveWeb(text)
	add(err)
	return errs
}

// webBase is the base URL of ResolveWeb in the tests of this file.
var webBase = MustParse("http://a/b/c/d;p?q")

// webPasswordSpan is an oracle written from the URL Standard's basic URL
// parser (URL Standard, "basic URL parser"), with no base URL or, when
// withBase is set, with the http base webBase: it follows the states up
// to the authority state and returns the span [lo, hi) of input that the
// parser reads as the password, or false when it reads no password
// there. It reads every input, including those the parser rejects later
// (at the host or the port): their credentials are read all the same.
func webPasswordSpan(input string, withBase bool) (lo, hi int, ok bool) {
	// Steps 1 to 3: leading and trailing C0 controls and spaces, and every
	// tab and newline, are removed; idx maps what is left to input.
	a, b := 0, len(input)
	for a < b && input[a] <= ' ' {
		a++
	}
	for b > a && input[b-1] <= ' ' {
		b--
	}
	var idx []int
	for i := a; i < b; i++ {
		if c := input[i]; c != '\t' && c != '\n' && c != '\r' {
			idx = append(idx, i)
		}
	}
	c := func(p int) byte {
		if p < len(idx) {
			return input[idx[p]]
		}
		return 0 // EOF
	}
	p := 0
	// scheme start state, scheme state
	scheme := ""
	if isLetter := func(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }; isLetter(c(0)) {
		q := 0
		for q < len(idx) && (isLetter(c(q)) || '0' <= c(q) && c(q) <= '9' || c(q) == '+' || c(q) == '-' || c(q) == '.') {
			q++
		}
		if c(q) == ':' {
			var b strings.Builder
			for k := 0; k < q; k++ {
				b.WriteByte(c(k) | 0x20) // letters lowercased; the rest are not special names
			}
			scheme, p = b.String(), q+1
		}
	}
	special := map[string]bool{"ftp": true, "http": true, "https": true, "ws": true, "wss": true}
	slash := func(q int, sp bool) bool { return c(q) == '/' || sp && c(q) == '\\' }
	switch {
	case scheme == "" && !withBase:
		return 0, 0, false // failure: no scheme and no base
	case scheme == "":
		// relative state with the http base: "//" (or '\\') starts an authority
		if !slash(p, true) || !slash(p+1, true) {
			return 0, 0, false
		}
		p += 2
	case scheme == "http" && withBase:
		// special relative or authority state
		switch {
		case c(p) == '/' && c(p+1) == '/':
			p += 2
		case slash(p, true) && slash(p+1, true):
			p += 2 // relative state, relative slash state
		default:
			return 0, 0, false
		}
	case special[scheme]:
		// special authority slashes state: any run of '/' and '\\'
	case scheme == "file":
		return 0, 0, false
	default:
		// path or authority state
		if c(p) != '/' || c(p+1) != '/' {
			return 0, 0, false
		}
		p += 2
	}
	sp := scheme == "" || special[scheme]
	for sp && slash(p, true) {
		p++ // special authority ignore slashes state
	}
	// authority state: up to '/', '?', '#' (and '\\' for special URLs)
	end := p
	for end < len(idx) && c(end) != '/' && c(end) != '?' && c(end) != '#' && !(sp && c(end) == '\\') {
		end++
	}
	at, colon := -1, -1
	for q := p; q < end; q++ {
		if c(q) == '@' {
			at = q
		}
	}
	for q := p; q < at; q++ {
		if c(q) == ':' {
			colon = q
			break
		}
	}
	if colon < 0 {
		return 0, 0, false
	}
	return idx[colon] + 1, idx[at], true
}

// TestErrorMasksWebPasswords holds issue #24, row 4: errors about input
// that the URL Standard reads with credentials after its preprocessing,
// and Redacted of a URI whose path a browser reads with credentials,
// never print the password.
func TestErrorMasksWebPasswords(t *testing.T) {
	for _, in := range []string{
		" https:admin:hunter2@db.example:99999/",
		"\x00https:admin:hunter2@db.example:99999/",
		"ht\ttps:admin:hunter2@db.example:99999/",
		"https:/\n/admin:hunter2@db.example:99999/",
		"https:\n//admin:hunter2@db.example:99999/",
		"foo:/\n/admin:hunter2@db.example:99999/",
		"\x1f \tHTTPS:\\\\admin:hunter2@db.example:99999/",
		"wss:admin:hunter2@db.example:99999/",
	} {
		if lo, hi, ok := webPasswordSpan(in, false); !ok || in[lo:hi] != "hunter2" {
			t.Errorf("the oracle reads %q with the password %q, %v", in, in[lo:hi], ok)
		}
		_, err := ParseWeb(in)
		if err == nil || strings.Contains(err.Error(), "hunter2") || strings.Contains(fmt.Sprintf("%#v", err), "hunter2") {
			t.Errorf("ParseWeb(%q): %v", in, err)
		}
	}
	for _, in := range []string{"/\t/admin:pw@h:99999/", "\\\\admin:pw@h:99999/", "/\\admin:pw@h:99999/", "https:admin:pw@h:99999/"} {
		_, err := webBase.ResolveWeb(in)
		if err == nil || strings.Contains(err.Error(), ":pw@") {
			t.Errorf("ResolveWeb(%q): %v", in, err)
		}
	}
	for _, tt := range [][2]string{
		{"http:admin:pw@evil.example/", "http:admin:xxxxx@evil.example/"},
		{"https:///admin:pw@evil.example/?q#f", "https:///admin:xxxxx@evil.example/?q#f"},
		{"ws:a:b:c@d@e/x", "ws:a:xxxxx@e/x"},
		{"http::@h/", "http::xxxxx@h/"},
		{"http:admin@evil.example/", "http:admin@evil.example/"},
		{"http:/a/b:c@d", "http:/a/b:c@d"},
		{"file:admin:pw@evil.example/", "file:admin:pw@evil.example/"},
		{"foo:admin:pw@evil.example/", "foo:admin:pw@evil.example/"},
		{"http://u:pw@h/p:q@r", "http://u:xxxxx@h/p:q@r"},
	} {
		u := MustParse(tt[0])
		if got := u.Redacted(); got != tt[1] {
			t.Errorf("Redacted(%q) = %q, want %q", tt[0], got, tt[1])
		}
		if got := u.LogValue().String(); got != tt[1] {
			t.Errorf("LogValue(%q) = %q, want %q", tt[0], got, tt[1])
		}
	}
}

// FuzzErrorNoPassword plants a password, made of any bytes but fenced by a
// marker, in text built as prefix sep user ":" password "@" rest, and in
// hand-built URIs, in the shapes that readers take for credentials:
// after "//" (the old shape) and, for special schemes, after any run of
// slashes and backslashes or none, with tabs and newlines anywhere and
// leading controls and spaces. Wherever the URL Standard (the oracle
// webPasswordSpan, with no base and with an http base) or RFC 3986 (the
// userinfo Parse reads) reads the planted text as the password, and
// wherever the text has two slashes or backslashes before it (the
// documented rule of Error), no error message nor %#v of it prints the
// marker; and wherever the URL Standard or RFC 3986 reads it as the
// password of a URI that Parse, ParseWeb or a hand-built value holds,
// neither does Redacted, nor a Vet message.
func FuzzErrorNoPassword(f *testing.F) {
	for _, s := range [][5]string{
		{"https:", "//", "AKID", "wJal/K7MD", "bucket:8a/"},
		{"postgres:", "//", "app", "my?secret", "db:x/x"},
		{"http:", "//", "u", "a#b@c:d", "h/ x"},
		{"", "//", "u", "", "h"},
		{"x//y:z@w", "//", "u", "p", "h/%zz"},
		{"http:", "//", "ü", "ö", "例.jp/ "},
		{"http:", "//", "[::1%x", "p", "h/"},
		{" https:", "", "admin", "hunter2", "db.example:99999/"},
		{"\x00https:", "", "admin", "hunter2", "db.example:99999/"},
		{"ht\ttps:", "", "admin", "hunter2", "db.example:99999/"},
		{"https:", "/\n/", "admin", "hunter2", "db.example:99999/"},
		{"https:", `\\`, "admin", "hunter2", "db.example:99999/"},
		{"http:", "/", "admin", "pw", "evil.example/"},
		{"", "/\t/", "admin", "pw", "h:99999/"},
		{"WS:", "///", "a@b", "c", "d/e"},
		// issue 29, row 8: the hostless form inside longer text
		{"dial http:", "", "admin", "hunter2", "db.example/: refused"},
		{"map[db:https:", "", "admin", "hunter2", "db.example/]"},
		{"retry (ftp:", "", "u", "p", "h/x) in 5s"},
		{"x ht\ttps:", "/\\", "u", "p", "h"},
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4])
	}
	f.Fuzz(func(t *testing.T, prefix, sep, user, pw, rest string) {
		const marker = "S3CRET"
		if outside := prefix + sep + user + rest; strings.Contains(outside, marker[:3]) || strings.Contains(outside, marker[3:]) {
			return
		}
		secret := marker + pw + marker
		text := prefix + sep + user + ":" + secret + "@" + rest
		lo := len(prefix + sep + user + ":")
		hi := lo + len(secret)
		inside := func(a, b int, ok bool) bool { return ok && a <= lo && hi <= b }
		// The documented rule: two slashes or backslashes, tabs and
		// newlines between them skipped, before the password.
		pair := false
		for i, n := 0, 0; i < lo && !pair; i++ {
			switch text[i] {
			case '/', '\\':
				n++
				pair = n == 2
			case '\t', '\n', '\r':
			default:
				n = 0
			}
		}
		protected := pair || inside(webPasswordSpan(text, false)) || inside(webPasswordSpan(text, true))
		leak := func(what, msg string) {
			t.Helper()
			if strings.Contains(msg, marker) {
				t.Fatalf("%s prints the password planted in %q: %q", what, text, msg)
			}
		}
		hand := URI{Scheme: "http", HasAuthority: true, HasUserinfo: true, Userinfo: user + ":" + secret, Host: rest}
		for _, err := range errorsAbout(hand, text) {
			// the hand-built URI's text always has "//" before the password
			var e *Error
			if protected || errors.As(err, &e) && e.Input == hand.String() {
				leak("an error", err.Error())
				leak("an error", fmt.Sprintf("%v|%+v|%#v|%s", err, err, err, err))
			}
		}
		leak("Redacted of the hand-built URI", hand.Redacted())
		// What the parsers make of the text, and a URI whose path a
		// browser reads with these credentials.
		web := inside(webPasswordSpan(text, false))
		var us []URI
		if u, err := Parse(text); err == nil {
			if _, pass, _ := strings.Cut(u.Userinfo, ":"); web || strings.Contains(pass, secret) {
				us = append(us, u)
			}
		}
		if u, err := ParseWeb(text); err == nil && web {
			us = append(us, u)
		}
		path := URI{Scheme: "https", Path: sep + user + ":" + secret + "@" + rest}
		if inside(webPasswordSpan(path.String(), false)) {
			us = append(us, path)
		}
		for _, u := range us {
			leak("Redacted", u.Redacted())
			for _, f := range u.Vet() {
				leak("Vet", f.String())
			}
		}
	})
}
