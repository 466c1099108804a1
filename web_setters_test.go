package uri

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// webSetter returns the WebParser setter for the URL Standard's attribute
// name.
func webSetter(p WebParser, attr string) func(URI, string) (URI, error) {
	switch attr {
	case "href":
		return p.SetHref
	case "protocol":
		return p.SetProtocol
	case "username":
		return p.SetUsername
	case "password":
		return p.SetPassword
	case "host":
		return p.SetHost
	case "hostname":
		return p.SetHostname
	case "port":
		return p.SetPort
	case "pathname":
		return p.SetPathname
	case "search":
		return p.SetSearch
	case "hash":
		return p.SetHash
	}
	return nil
}

// webAttribute returns the getter of a WebAttributes by the URL
// Standard's attribute name.
func webAttribute(a WebAttributes, attr string) string {
	switch attr {
	case "href":
		return a.Href
	case "origin":
		return a.Origin
	case "protocol":
		return a.Protocol
	case "username":
		return a.Username
	case "password":
		return a.Password
	case "host":
		return a.Host
	case "hostname":
		return a.Hostname
	case "port":
		return a.Port
	case "pathname":
		return a.Pathname
	case "search":
		return a.Search
	case "hash":
		return a.Hash
	}
	panic("no attribute " + attr)
}

// webRFCForm returns the getter text v of attribute attr as it reads
// after WebParser.Parse's extra percent-encoding (see Parse): what a
// getter of the URI returns where the browser's has an octet RFC 3986 does
// not allow in that component.
func webRFCForm(attr, v string) string {
	switch attr {
	case "username", "password":
		return string(rfcEscape(nil, v, cUserinfo))
	case "host", "hostname":
		if strings.HasPrefix(v, "[") {
			return v
		}
		port := ""
		if i := strings.LastIndexByte(v, ':'); i >= 0 {
			v, port = v[:i], v[i:]
		}
		return string(rfcEscape(nil, v, cRegName)) + port
	case "pathname":
		return string(rfcEscape(nil, v, cPath))
	case "search", "hash":
		if v == "" {
			return v
		}
		return v[:1] + string(rfcEscape(nil, v[1:], cQuery))
	}
	return v
}

// checkSetResult checks the properties every setter result has: a valid
// RFC 3986 URI that ParseWeb gives back unchanged from both its text and
// its href.
func checkSetResult(t *testing.T, what string, r URI) {
	t.Helper()
	if err := r.Validate(); err != nil {
		t.Errorf("%s: %q is not a valid URI: %v", what, r, err)
	}
	if back, err := ParseWeb(r.String()); err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("%s: ParseWeb(%q) = %#v, %v; want it unchanged", what, r, back, err)
	}
	href := WebParser{}.Attributes(r).Href
	if back, err := ParseWeb(href); err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("%s: ParseWeb of the href %q = %q, %v; want %q", what, href, back, err, r)
	}
}

// wptSetterCase is one case of web-platform-tests' setters_tests.json.
type wptSetterCase struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// TestWPTSetters runs web-platform-tests' setters_tests.json: each
// result's href and every getter listed equal the expected, or, where the
// expected text has an octet that WebParser.Parse percent-encodes beyond
// the Standard, its RFC form (counted in the log); and every result is
// what ParseWeb makes of the expected href.
func TestWPTSetters(t *testing.T) {
	data := readShared(t, "wpt-url/setters_tests.json", "web-platform-tests' url/resources/setters_tests.json")
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	var attrs []string
	for k := range all {
		if k != "comment" {
			attrs = append(attrs, k)
		}
	}
	sort.Strings(attrs)
	p := WebParser{}
	n, rfc := 0, 0
	for _, attr := range attrs {
		var cases []wptSetterCase
		if err := json.Unmarshal(all[attr], &cases); err != nil {
			t.Fatal(err)
		}
		set := webSetter(p, attr)
		for i, c := range cases {
			n++
			what := fmt.Sprintf("%s[%d] %q.%s = %q", attr, i, c.Href, attr, c.NewValue)
			u, err := ParseWeb(c.Href)
			if err != nil {
				t.Errorf("%s: ParseWeb: %v", what, err)
				continue
			}
			r, err := set(u, c.NewValue)
			if err != nil {
				t.Errorf("%s: %v", what, err)
				continue
			}
			checkSetResult(t, what, r)
			if want, err := ParseWeb(c.Expected["href"]); err != nil || !reflect.DeepEqual(r, want) {
				t.Errorf("%s = %q; want %q (ParseWeb of the expected href, %v)", what, r, want, err)
			}
			got := p.Attributes(r)
			exact := true
			for k, want := range c.Expected {
				g := webAttribute(got, k)
				switch {
				case g == want:
				case k == "href":
					exact = false // checked above, through ParseWeb
				case g == webRFCForm(k, want):
					exact = false
				default:
					t.Errorf("%s: %s = %q; want %q", what, k, g, want)
				}
			}
			if !exact {
				rfc++
			}
		}
	}
	t.Logf("setters_tests.json: %d cases, %d with a getter in its RFC 3986 form", n, rfc)
}
