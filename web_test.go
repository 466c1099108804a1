package uri

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// wptCase is one case of the web-platform-tests URL data.
type wptCase struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Href    string  `json:"href"`
	Failure bool    `json:"failure"`
}

func readWPT(t *testing.T) []wptCase {
	t.Helper()
	path := filepath.Join("..", "shared", "data", "wpt-url", "urltestdata.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("the web-platform-tests URL data is not at %s (a fresh clone has no ../shared): %v", path, err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, r := range raw {
		var c wptCase
		if json.Unmarshal(r, &c) == nil && c.Input != "" || len(r) > 0 && r[0] == '{' {
			if err := json.Unmarshal(r, &c); err == nil {
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// needsIDNA reports whether a case's input or expected host is not ASCII,
// or has a label that IDNA must check ("xn--").
func needsIDNA(c wptCase) bool {
	for _, s := range []string{c.Input, c.Href} {
		host := s
		if i := strings.Index(host, "//"); i >= 0 {
			host = host[i+2:]
		}
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		d := host
		if dd, err := Decode(host); err == nil {
			d = dd
		}
		for i := 0; i < len(d); i++ {
			if d[i] >= utf8.RuneSelf {
				return true
			}
		}
		if strings.Contains(strings.ToLower(d), "xn--") {
			return true
		}
	}
	return false
}

// TestWPT runs the web-platform-tests URL cases: parse or failure as
// expected, Href equal to the expected href, and the URI's String equal
// to the href with RFC 3986's encoding applied.
func TestWPT(t *testing.T) {
	cases := readWPT(t)
	var pass, fail, idnaCases, idnaPass int
	var failures []string
	for _, c := range cases {
		var href string
		var err error
		var u URI
		if c.Base != nil {
			var b URI
			bw, berr := WebParser{}.parse(*c.Base, nil)
			if berr != nil {
				continue
			}
			b, berr = bw.uri(*c.Base)
			if berr != nil {
				t.Errorf("base %q: %v", *c.Base, berr)
				continue
			}
			href, err = WebParser{}.ResolveHref(b, c.Input)
			if err == nil {
				u, err = b.ResolveWeb(c.Input)
			}
		} else {
			href, err = WebParser{}.Href(c.Input)
			if err == nil {
				u, err = ParseWeb(c.Input)
			}
		}
		ok := c.Failure && err != nil || !c.Failure && err == nil && href == c.Href
		if ok && err == nil {
			if v := u.Validate(); v != nil {
				ok = false
			}
			if r, e := Parse(u.String()); e != nil || r != u {
				ok = false
			}
		}
		if needsIDNA(c) {
			idnaCases++
			if ok {
				idnaPass++
			}
			continue
		}
		if ok {
			pass++
		} else {
			fail++
			base := ""
			if c.Base != nil {
				base = *c.Base
			}
			failures = append(failures, strings.Join([]string{c.Input, base, c.Href, href, errString(err)}, " | "))
		}
	}
	t.Logf("urltestdata.json: %d cases; without IDNA: %d pass, %d fail; %d need IDNA (%d pass without it)", len(cases), pass, fail, idnaCases, idnaPass)
	for i, f := range failures {
		if i < 40 {
			t.Logf("FAIL: %s", f)
		}
	}
	if fail > 0 {
		t.Errorf("%d cases without a non-ASCII host fail", fail)
	}
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
