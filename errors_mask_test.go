package uri

import (
	"encoding/json"
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
// UnmarshalText, Scan and ParseWeb (also with backslashes for slashes).
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
	return errs
}

// FuzzErrorNoPassword plants a password, made of any bytes but fenced by a
// marker, in the userinfo of text and of a hand-built URI, and checks that
// no error message, nor %#v of it, prints the marker.
func FuzzErrorNoPassword(f *testing.F) {
	for _, s := range [][4]string{
		{"https://", "AKID", "wJal/K7MD", "bucket:8a/"},
		{"postgres://", "app", "my?secret", "db:x/x"},
		{"http://", "u", "a#b@c:d", "h/ x"},
		{"", "u", "", "h"},
		{"x//y:z@w", "u", "p", "h/%zz"},
		{"http://", "ü", "ö", "例.jp/ "},
		{"http://", "[::1%x", "p", "h/"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, prefix, user, pw, rest string) {
		const marker = "S3CRET"
		if strings.Contains(prefix+user+rest, marker[:3]) || strings.Contains(prefix+user+rest, marker[3:]) {
			return
		}
		secret := marker + pw + marker
		text := prefix + "//" + user + ":" + secret + "@" + rest
		hand := URI{Scheme: "http", HasAuthority: true, HasUserinfo: true, Userinfo: user + ":" + secret, Host: rest}
		for _, err := range errorsAbout(hand, text) {
			for _, msg := range []string{err.Error(), fmt.Sprintf("%v|%+v|%#v|%s", err, err, err, err)} {
				if strings.Contains(msg, marker) {
					t.Fatalf("an error prints the password: %q", msg)
				}
			}
		}
	})
}
