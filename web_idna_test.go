package uri

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// webIDNANodeDiffers lists the inputs of testdata/web_idna.txt whose href
// Node v20 (testdata/web_idna_node.txt) gives otherwise than the URL
// Standard of today, and why: the rows stay in the comparison as what
// they are, a difference with a reason, not a pass.
var webIDNANodeDiffers = map[string]string{
	// Node v20's URL applies "domain to ASCII" of before the Standard's
	// change of 2026-06-25, which checked "xn--" labels of ASCII domains.
	"http://a.b.c.XN--pokxncvks/": "pre-2026-06-25 domain to ASCII",
	"https://xn--/":               "pre-2026-06-25 domain to ASCII",
	"file://xn--/p":               "pre-2026-06-25 domain to ASCII",
	"http://xn--a.com/":           "pre-2026-06-25 domain to ASCII",
	// UTS #46 maps U+1E9E to "ß" since Unicode 15.1 (web-platform-tests'
	// toascii.json expects "xn--zca.com"); Node's ICU gives "ss".
	"http://ẞ.com/": "U+1E9E maps to ß since Unicode 15.1",
}

// TestWebIDNANode compares the zero WebParser with Node's recorded answers
// on testdata/web_idna.txt (an href, or a failure), except the rows of
// webIDNANodeDiffers, which must differ.
func TestWebIDNANode(t *testing.T) {
	data, err := os.ReadFile("testdata/web_idna_node.txt")
	if err != nil {
		t.Fatal(err)
	}
	n, differ := 0, 0
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("line %d: %d fields", i+1, len(f))
		}
		var q [3]string
		for k := range f {
			if q[k], err = strconv.Unquote(f[k]); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
		}
		base, in, node := q[0], q[1], q[2]
		var href string
		if base == "" {
			href, err = WebParser{}.Href(in)
		} else {
			b, berr := ParseWeb(base)
			if berr != nil {
				t.Fatalf("line %d: base %q: %v", i+1, base, berr)
			}
			href, err = WebParser{}.ResolveHref(b, in)
		}
		if err != nil {
			href = "!"
			if !errors.Is(err, ErrWebIDNA) || !errors.Is(err, ErrIDNA) {
				t.Errorf("line %d: %q: %v, want ErrWebIDNA and ErrIDNA", i+1, in, err)
			}
		}
		n++
		if why, ok := webIDNANodeDiffers[in]; ok {
			differ++
			if href == node {
				t.Errorf("line %d: %q: %q as Node gives it, listed as differing (%s)", i+1, in, href, why)
			}
			continue
		}
		if href != node {
			t.Errorf("line %d: %q against %q: %q, Node gives %q", i+1, in, base, href, node)
		}
	}
	t.Logf("testdata/web_idna_node.txt: %d cases, %d as Node gives them, %d listed differences", n, n-differ, differ)
	if n < 30 {
		t.Errorf("only %d cases", n)
	}
}

// TestWPTIDNAWeb runs web-platform-tests' toascii.json and IdnaTestV2.json
// through ParseWeb, as their harnesses (toascii.window.js,
// IdnaTestV2.window.js) do with new URL("https://" + input + "/x"): the
// href is "https://" + output + "/x", or the input fails, with ErrWebIDNA
// or ErrWeb (a host with a forbidden code point fails in the host
// parser). The empty input, which the harnesses skip, is skipped.
func TestWPTIDNAWeb(t *testing.T) {
	for _, name := range []string{"toascii.json", "IdnaTestV2.json"} {
		cases := readWPTIDNA(t, name)
		pass, run := 0, 0
		for _, c := range cases {
			if c.Input == "" {
				continue
			}
			run++
			in := "https://" + c.Input + "/x"
			href, err := WebParser{}.Href(in)
			switch {
			case c.Output == nil && err != nil && (errors.Is(err, ErrWebIDNA) || errors.Is(err, ErrWeb)):
				pass++
			case c.Output != nil && err == nil && href == "https://"+*c.Output+"/x":
				if u, err := ParseWeb(in); err != nil || u.Validate() != nil {
					t.Errorf("%s: ParseWeb(%+q): %v", name, in, err)
					continue
				}
				pass++
			case c.Output == nil:
				t.Errorf("%s: %+q: %+q, want failure (%s)", name, in, href, c.Comment)
			default:
				t.Errorf("%s: %+q: %+q, %v; want host %+q (%s)", name, in, href, err, *c.Output, c.Comment)
			}
		}
		t.Logf("%s through ParseWeb: %d of %d cases pass", name, pass, run)
	}
}
