package uri

import (
	"strings"
	"testing"
)

// TestExplain checks the verdict of Explain, the first component that
// still differs, and whether a hint is given, for the usual causes of a
// cache miss. Hints are prose; the test checks that the right one fires by
// the section it cites.
func TestExplain(t *testing.T) {
	const none = Level(255) // not equivalent
	for _, tt := range []struct {
		a, b    string
		level   Level  // lowest equivalent rung, or none
		first   string // first component that still differs
		section string // the section the hint cites, "" for no hint
	}{
		{"http://a/b", "http://a/b", SimpleString, "", ""},
		// RFC 3986, Section 6.2.2 and RFC 3986, Section 6.2.3
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", SyntaxBased, "", ""},
		{"http://example.com", "http://example.com:80/", SchemeBased, "", ""},
		{"http://example.com:/", "http://example.com/", SchemeBased, "", ""},
		{"HTTP://A/%7e", "http://a/~", SyntaxBased, "", ""},
		{"http://a/%2e%2E/b", "http://a/b", SyntaxBased, "", ""},
		{"mailto:Joe@Example.COM", "mailto:Joe@example.com", SchemeBased, "", ""},
		// causes of a miss
		{"http://a/b%2Fc", "http://a/b/c", none, "path", "Section 2.2"},
		{"http://a/b/c", "http://a/b%2fc", none, "path", "Section 2.2"},
		{"http://a/?q=%26", "http://a/?q=&", none, "query", "Section 2.2"},
		{"http://a?", "http://a", none, "query", "Section 6.2.3"},
		{"http://a/#", "http://a/", none, "fragment", "Section 6.2.3"},
		{"http://a/b#x", "http://a/b#y", none, "fragment", "Section 6.1"},
		{"http://a/b", "http://a/B", none, "path", "Section 6.2.2.1"},
		{"http://User@a/", "http://user@a/", none, "userinfo", "Section 6.2.2.1"},
		{"http://a/data", "http://a/data/", none, "path", "Section 6.2.4"},
		{"foo://a", "foo://a/", none, "path", "Section 6.2.3"},
		{"foo://a:80", "foo://a", none, "port", "Section 6.2.3"},
		{"http://a:8080/", "http://a/", none, "port", "Section 6.2.3"},
		{"http://[::1]/", "http://[0:0:0:0:0:0:0:1]/", SchemeBased, "", ""},
		{"http://[::1]/", "http://[::2]/", none, "host", ""},
		{"a/../b", "b", none, "path", "Section 6.1"},
		{"//a/x", "http://a/x", none, "scheme", "Section 6.1"},
		{"http://a/", "https://a/", none, "scheme", ""},
		{"http://a/x", "http://b/x", none, "host", ""},
		{"http://u@a/", "http://a/", none, "userinfo", ""},
	} {
		a, b := MustParse(tt.a), MustParse(tt.b)
		e := Explain(a, b)
		checkPair(t, defaultNormalizer, a, b)
		if tt.level == none {
			if e.Equivalent {
				t.Errorf("Explain(%q, %q): equivalent at %v, want not", tt.a, tt.b, e.Level)
				continue
			}
			d, _ := e.First()
			if d.Component != tt.first {
				t.Errorf("Explain(%q, %q): first difference in %q, want %q", tt.a, tt.b, d.Component, tt.first)
			}
			if (tt.section == "") != (d.Hint == "") || !strings.Contains(d.Hint, tt.section) {
				t.Errorf("Explain(%q, %q): hint %q, want one citing %q", tt.a, tt.b, d.Hint, tt.section)
			}
		} else if !e.Equivalent || e.Level != tt.level {
			t.Errorf("Explain(%q, %q) = %v at %v, want equivalent at %v", tt.a, tt.b, e.Equivalent, e.Level, tt.level)
		}
		// The text names the verdict and every differing component.
		s := e.String()
		for _, d := range e.Differences {
			if !strings.Contains(s, "\n  "+d.Component+" ") {
				t.Errorf("Explain(%q, %q).String() omits the %s:\n%s", tt.a, tt.b, d.Component, s)
			}
		}
	}
}

// TestExplainRules checks that Explain names the rules that reconciled
// each component, as Normalize traced them.
func TestExplainRules(t *testing.T) {
	e := Explain(MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"), MustParse("example://a/b/c/%7Bfoo%7D"))
	want := map[string][]uint16{
		"scheme": {ruleSchemeCase},
		"path":   {ruleHexCase, ruleDecode, ruleDots},
	}
	if len(e.Differences) != len(want) {
		t.Fatalf("differences %+v, want scheme and path", e.Differences)
	}
	for _, d := range e.Differences {
		var names []string
		for _, r := range want[d.Component] {
			names = append(names, ruleList(r)...)
		}
		if !d.Equal || d.Level != SyntaxBased || strings.Join(d.Rules, "|") != strings.Join(names, "|") {
			t.Errorf("%s: %+v, want equal at SyntaxBased by %q", d.Component, d, names)
		}
	}
	// Each rule, once.
	for _, tt := range []struct {
		a, b string
		rule uint16
	}{
		{"HTTP://a", "http://a", ruleSchemeCase},
		{"http://A", "http://a", ruleHostCase},
		{"http://a/%3a", "http://a/%3A", ruleHexCase},
		{"http://a/%7E", "http://a/~", ruleDecode},
		{"http://a/./b", "http://a/b", ruleDots},
		{"http://a:/", "http://a/", ruleEmptyPort},
		{"http://a:80/", "http://a/", ruleDefaultPort},
		{"file://localhost/x", "file:///x", ruleDefaultHost},
		{"http://a?q", "http://a/?q", ruleEmptyPath},
		{"urn:ISBN:1", "urn:isbn:1", ruleFold},
	} {
		e := Explain(MustParse(tt.a), MustParse(tt.b))
		if len(e.Differences) != 1 || strings.Join(e.Differences[0].Rules, "|") != strings.Join(ruleList(tt.rule), "|") {
			t.Errorf("Explain(%q, %q) = %+v, want the rule %q", tt.a, tt.b, e.Differences, ruleList(tt.rule))
		}
	}
}

// TestKey checks that keys are the normalized text and deduplicate.
func TestKey(t *testing.T) {
	set := map[string][]string{}
	for _, s := range []string{
		"http://example.com", "HTTP://EXAMPLE.COM/", "http://example.com:80/", "http://example.com:/",
		"http://example.com/%7Efred", "http://example.com/~fred",
		"http://example.com/a%2Fb", "http://example.com/a/b",
	} {
		k := MustParse(s).Key(SchemeBased)
		set[k] = append(set[k], s)
	}
	if len(set) != 4 || len(set["http://example.com/"]) != 4 || len(set["http://example.com/~fred"]) != 2 {
		t.Errorf("keys: %q", set)
	}
	if k := (URI{}).Key(SchemeBased); k != "" {
		t.Errorf("Key of the empty reference = %q", k)
	}
}
