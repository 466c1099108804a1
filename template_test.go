package uri

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// ---------------------------------------------------------------------------
// The community test suite (github.com/uri-templates/uritemplate-test)

// suiteValue decodes one JSON value of the suite into a value Expand takes:
// a string (numbers keep their JSON text), a list, or an associative array
// as [][2]string in the order of the JSON text; null is nil.
func suiteValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return nil, nil
	case string:
		return t, nil
	case json.Number:
		return t.String(), nil
	case bool:
		return t, nil // a type Expand does not take, for its error
	case json.Delim:
		switch t {
		case '[':
			list := []string{}
			for d.More() {
				v, err := suiteValue(d)
				if err != nil {
					return nil, err
				}
				s, _ := v.(string)
				list = append(list, s)
			}
			_, err := d.Token()
			return list, err
		case '{':
			pairs := [][2]string{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := suiteValue(d)
				if err != nil {
					return nil, err
				}
				s, _ := v.(string)
				pairs = append(pairs, [2]string{k.(string), s})
			}
			_, err := d.Token()
			return pairs, err
		}
	}
	return nil, errors.New("unexpected JSON token")
}

type suiteGroup struct {
	name  string
	vars  map[string]any
	cases []suiteCase
}

type suiteCase struct {
	template string
	want     []string // acceptable expansions; nil means an error
}

// readSuite reads one file of the suite.
func readSuite(t *testing.T, path string) []suiteGroup {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]struct {
		Variables json.RawMessage     `json:"variables"`
		Testcases [][]json.RawMessage `json:"testcases"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var groups []suiteGroup
	for name, g := range raw {
		sg := suiteGroup{name: name, vars: map[string]any{}}
		d := json.NewDecoder(bytes.NewReader(g.Variables))
		d.UseNumber()
		if _, err := d.Token(); err != nil { // '{'
			t.Fatal(err)
		}
		for d.More() {
			k, _ := d.Token()
			v, err := suiteValue(d)
			if err != nil {
				t.Fatalf("%s: %s: %v", path, name, err)
			}
			sg.vars[k.(string)] = v
		}
		for _, tc := range g.Testcases {
			var c suiteCase
			if err := json.Unmarshal(tc[0], &c.template); err != nil {
				t.Fatal(err)
			}
			var one string
			var many []string
			switch {
			case json.Unmarshal(tc[1], &one) == nil:
				c.want = []string{one}
			case json.Unmarshal(tc[1], &many) == nil:
				c.want = many
			}
			sg.cases = append(sg.cases, c)
		}
		groups = append(groups, sg)
	}
	return groups
}

// TestTemplateSuite runs the 270 cases of the community test suite in
// ../shared/data/uritemplate-test when it is there.
func TestTemplateSuite(t *testing.T) {
	dir := filepath.Join("..", "shared", "data", "uritemplate-test")
	files := []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"}
	if _, err := os.Stat(filepath.Join(dir, files[0])); err != nil {
		t.Skipf("the uritemplate-test suite is not at %s (a fresh clone has no ../shared): get %s from github.com/uri-templates/uritemplate-test into it to run its 270 cases; testdata/template.txt still runs", dir, strings.Join(files, ", "))
	}
	total, passed := 0, 0
	for _, f := range files {
		for _, g := range readSuite(t, filepath.Join(dir, f)) {
			for _, c := range g.cases {
				total++
				tpl, err := ParseTemplate(c.template)
				var got string
				if err == nil {
					got, err = tpl.Expand(g.vars)
				}
				switch {
				case c.want == nil && err != nil:
					var e *Error
					if !errors.As(err, &e) || !errors.Is(err, ErrTemplate) {
						t.Errorf("%s: %s: %q: error %v is not an *Error wrapping ErrTemplate", f, g.name, c.template, err)
						continue
					}
					passed++
				case c.want == nil:
					t.Errorf("%s: %s: %q = %q, want an error", f, g.name, c.template, got)
				case err != nil:
					t.Errorf("%s: %s: %q: %v, want %q", f, g.name, c.template, err, c.want)
				case !slices.Contains(c.want, got):
					t.Errorf("%s: %s: %q = %q, want one of %q", f, g.name, c.template, got, c.want)
				default:
					passed++
				}
			}
		}
	}
	t.Logf("uritemplate-test: %d of %d cases pass", passed, total)
	if total != 270 {
		t.Errorf("read %d cases, the suite has 270", total)
	}
}

// ---------------------------------------------------------------------------
// testdata/template.txt

// matchValueFromJSON converts a decoded JSON value of an expected match:
// a string, a list of strings, or a list of [key, value] pairs.
func matchValueFromJSON(v any) any {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		if len(x) > 0 {
			if _, pair := x[0].([]any); pair {
				var pairs [][2]string
				for _, p := range x {
					kv := p.([]any)
					pairs = append(pairs, [2]string{kv[0].(string), kv[1].(string)})
				}
				return pairs
			}
		}
		list := []string{}
		for _, s := range x {
			list = append(list, s.(string))
		}
		return list
	}
	return v
}

func TestTemplateCases(t *testing.T) {
	data, err := os.ReadFile("testdata/template.txt")
	if err != nil {
		t.Fatal(err)
	}
	var vars map[string]any
	counts, errorKinds := map[string]int{}, map[string]int{}
	for n, line := range strings.Split(string(data), "\n") {
		n++
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		counts[kind]++
		if kind == "vars" {
			d := json.NewDecoder(strings.NewReader(rest))
			d.UseNumber()
			if _, err := d.Token(); err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			vars = map[string]any{}
			for d.More() {
				k, _ := d.Token()
				v, err := suiteValue(d)
				if err != nil {
					t.Fatalf("line %d: %v", n, err)
				}
				vars[k.(string)] = v
			}
			continue
		}
		tmpl, rest, err := unquotePrefix(rest)
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		rest = strings.TrimSpace(rest)
		tp, perr := ParseTemplate(tmpl)
		switch kind {
		case "expand", "expanduri", "expanduri-empty", "expanduri-route":
			want, _, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			if perr != nil {
				t.Errorf("line %d: ParseTemplate(%q): %v", n, tmpl, perr)
				continue
			}
			got, err := tp.Expand(vars)
			if kind != "expand" {
				var u URI
				u, err = tp.ExpandURIWith(vars, ExpandOptions{AllowEmpty: kind == "expanduri-empty"})
				got = u.String()
			}
			if kind == "expanduri-route" {
				// the answer is RoutePath's: the URI when its zero policy
				// routes the path as it is, else an error wrapping ErrPath
				wu, _ := Parse(want)
				if r, _, rerr := RoutePath(wu, PathPolicy{}); rerr != nil || r != wu.Path {
					if err == nil || !errors.Is(err, ErrTemplate) || !errors.Is(err, ErrPath) {
						t.Errorf("line %d: %q.%s = %q, %v; want an error wrapping ErrPath, as RoutePath(%q) gives %q, %v", n, tmpl, kind, got, err, want, r, rerr)
					}
					continue
				}
			}
			if err != nil || got != want {
				t.Errorf("line %d: %q.%s = %q, %v; want %q", n, tmpl, kind, got, err, want)
			}
			if tp.String() != tmpl {
				t.Errorf("line %d: String() = %q", n, tp.String())
			}
		case "error", "experror", "urierror":
			f := strings.Fields(rest)
			if len(f) < 2 || !slices.Contains(templateErrorKinds, f[1]) {
				t.Fatalf("line %d: want an offset and one of the kinds %q", n, templateErrorKinds)
			}
			off, err := strconv.Atoi(f[0])
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			errorKinds[f[1]]++
			if kind != "error" {
				if perr != nil {
					t.Errorf("line %d: ParseTemplate(%q): %v", n, tmpl, perr)
					continue
				}
				if kind == "experror" {
					_, perr = tp.Expand(vars)
				} else {
					var u URI
					if u, perr = tp.ExpandURI(vars); perr == nil {
						t.Errorf("line %d: %q.ExpandURI = %q, want an error", n, tmpl, u)
						continue
					}
				}
			}
			var e *Error
			if !errors.As(perr, &e) || !errors.Is(perr, ErrTemplate) || e.Offset != off || e.Input != tmpl {
				t.Errorf("line %d: %q: error %v, want an *Error wrapping ErrTemplate at offset %d", n, tmpl, perr, off)
				continue
			}
			if want := templateErrorText[f[1]]; want != "" && !strings.Contains(e.Expected, want) {
				t.Errorf("line %d: %q: error %v, want it to say %q", n, tmpl, perr, want)
			}
			if len(f) > 2 && !errors.Is(perr, sentinels[f[2]]) {
				t.Errorf("line %d: %q: error %v, want it to wrap the %s sentinel too", n, tmpl, perr, f[2])
			}
			if kind == "error" {
				if why := templateOffsetExact(tmpl, off); why != "" {
					t.Errorf("line %d: %q: offset %d: %s", n, tmpl, off, why)
				}
			}
		case "matchable", "unmatchable":
			if perr != nil {
				t.Errorf("line %d: ParseTemplate(%q): %v", n, tmpl, perr)
				continue
			}
			err := tp.Matchable()
			if kind == "matchable" {
				if err != nil {
					t.Errorf("line %d: %q.Matchable() = %v, want nil", n, tmpl, err)
				}
				continue
			}
			off, aerr := strconv.Atoi(rest)
			if aerr != nil {
				t.Fatalf("line %d: %v", n, aerr)
			}
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrTemplate) || e.Offset != off || e.Input != tmpl {
				t.Errorf("line %d: %q.Matchable() = %v, want an *Error wrapping ErrTemplate at offset %d", n, tmpl, err, off)
			}
		case "route", "noroute":
			text, rest, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			rest = strings.TrimSpace(rest)
			optText, rest, _ := strings.Cut(rest, " ")
			var opts RouteOptions
			for _, o := range strings.Split(optText, ",") {
				switch o {
				case "strict":
				case "empty":
					opts.AllowEmpty = true
				case "extra":
					opts.ExtraParams = true
				default:
					t.Fatalf("line %d: unknown option %q", n, o)
				}
			}
			if perr != nil {
				t.Errorf("line %d: ParseTemplate(%q): %v", n, tmpl, perr)
				continue
			}
			got, ok := tp.Route(text, opts)
			if kind == "noroute" {
				if ok {
					t.Errorf("line %d: %q.Route(%q, %+v) = %v, want no match", n, tmpl, text, opts, got)
				}
				continue
			}
			want := jsonMatch(t, n, rest)
			if !ok || !reflect.DeepEqual(got, want) {
				t.Errorf("line %d: %q.Route(%q, %+v) = %#v, %v; want %#v", n, tmpl, text, opts, got, ok, want)
			}
		case "match", "nomatch":
			text, rest, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			if perr != nil {
				t.Errorf("line %d: ParseTemplate(%q): %v", n, tmpl, perr)
				continue
			}
			got, ok := tp.Match(text)
			if kind == "nomatch" {
				if ok {
					t.Errorf("line %d: %q.Match(%q) = %v, want no match", n, tmpl, text, got)
				}
				continue
			}
			want := jsonMatch(t, n, rest)
			if !ok || !reflect.DeepEqual(got, want) {
				t.Errorf("line %d: %q.Match(%q) = %#v, %v; want %#v", n, tmpl, text, got, ok, want)
				continue
			}
			// The values expand back to the text, or, for query
			// parameters in another order, to a text with the same values.
			back, err := tp.Expand(got)
			if again, ok := tp.Match(back); err != nil || back != text && (!ok || !reflect.DeepEqual(again, got)) {
				t.Errorf("line %d: %q.Expand(Match(%q)) = %q, %v", n, tmpl, text, back, err)
			}
		default:
			t.Fatalf("line %d: unknown kind %q", n, kind)
		}
	}
	t.Logf("testdata/template.txt: %v", counts)
	if counts["expand"]+counts["error"]+counts["experror"]+counts["match"]+counts["nomatch"] < 150 {
		t.Errorf("fewer than 150 cases: %v", counts)
	}
	for _, k := range templateErrorKinds {
		if errorKinds[k] == 0 {
			t.Errorf("no row for the error kind %q", k)
		}
	}
}

// templateErrorKinds names every kind of error of ParseTemplate (see its
// doc), Expand and ExpandURI; testdata/template.txt has a row for each.
var templateErrorKinds = []string{
	// ParseTemplate
	"literal-char", "literal-pct", "literal-utf8", "literal-ucschar", "operator-reserved",
	"name-missing", "name-dot", "name-pct", "prefix", "after-varspec", "unclosed",
	// Expand
	"prefix-composite", "value-type",
	// ExpandURI
	"dot-segment", "authority", "not-a-uri", "dot-like", "empty-segment", "route-path",
}

// templateErrorText is what the Expected of an ExpandURI error of a kind
// says.
var templateErrorText = map[string]string{
	"dot-segment":   "a dot segment",
	"dot-like":      "EncodedDotSegment",
	"empty-segment": "empty path segment",
	"route-path":    "RoutePath's zero PathPolicy",
}

// jsonMatch reads the expected values of a match or route row.
func jsonMatch(t *testing.T, line int, text string) map[string]any {
	t.Helper()
	var raw map[string]any
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		t.Fatalf("line %d: %v", line, err)
	}
	want := map[string]any{}
	for k, v := range raw {
		want[k] = matchValueFromJSON(v)
	}
	return want
}

// templateCompletions end every prefix of a valid template: a '}' to
// close an expression, a name character or a prefix digit before it, and
// the hex digits a '%' needs.
var templateCompletions = []string{"", "}", "a}", "1}", "0}", "00}", "00", "0"}

// templateViable reports whether some valid template begins with s.
func templateViable(s string) bool {
	for _, c := range templateCompletions {
		if _, err := ParseTemplate(s + c); err == nil {
			return true
		}
	}
	return false
}

// templateOffsetExact checks the offset of a ParseTemplate error by its
// definition, with templateViable as the oracle: s[:off] begins a valid
// template, and s[:off] followed by the character at off (a whole
// character of UTF-8, or one byte) begins none. It returns what is wrong,
// or "".
func templateOffsetExact(s string, off int) string {
	if off < 0 || off > len(s) {
		return "out of range"
	}
	if !templateViable(s[:off]) {
		return "no valid template begins with the text before it"
	}
	if off == len(s) {
		return ""
	}
	n := 1
	if _, w := utf8.DecodeRuneInString(s[off:]); s[off] >= utf8.RuneSelf && w > 1 {
		n = w
	}
	if s[off] >= utf8.RuneSelf && n == 1 {
		return "" // invalid UTF-8 is an error at its first byte, as ParseIRI's is
	}
	if templateViable(s[:off+n]) {
		return "a valid template begins with the text up to and with it"
	}
	return ""
}

// TestTemplateParseOffsetsShapes parses every string of up to four
// characters from an alphabet that reaches each kind of ParseTemplate
// error (braces, a name character, '.', '%' with a hex and a non-hex
// digit, the modifiers, ',', an operator, a digit, a character beyond
// ASCII, invalid UTF-8) and checks each error's offset by its definition
// (templateOffsetExact): the offending character, as Parse's errors are
// (issue #25). 41,371 templates.
func TestTemplateParseOffsetsShapes(t *testing.T) {
	alphabet := []string{"{", "}", "x", ".", "%", "0", "z", ":", "*", ",", "+", "9", "é", "\xff"}
	var n, failures int
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		n++
		if _, err := ParseTemplate(s); err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrTemplate) || e.Input != s {
				t.Fatalf("ParseTemplate(%q): %v, want an *Error wrapping ErrTemplate", s, err)
			}
			if why := templateOffsetExact(s, e.Offset); why != "" && failures < 10 {
				failures++
				t.Errorf("ParseTemplate(%q): offset %d: %s", s, e.Offset, why)
			}
		}
		if depth > 0 {
			for _, c := range alphabet {
				walk(s+c, depth-1)
			}
		}
	}
	walk("", 4)
	if n != 41371 {
		t.Errorf("%d templates, want 41371", n)
	}
}

// ---------------------------------------------------------------------------
// Properties

// FuzzTemplate checks, for any template and values: no panic; an error's
// offset is exact (templateOffsetExact); a template
// that parses gives its text back and expands without panicking; when its
// literals are unreserved characters, '/' and triplets and it has no "+"
// or "#", every expansion is a URI-reference that Parse accepts; and when
// it is Matchable, Match(Expand(v)) gives v back for values that make no
// ambiguity of their own (non-empty, of alphanumerics, lists of two or
// more members where the expression has one variable or names).
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"{var}", "/users/{id}{?fields,lang}", "{/list*}", "{;x,y}", "{+path}/x", "{#frag}", "{?q*}", "X{.list*}", "{a}{b}", "{x:3}", "/日本/{w}", "{?a}{&b,c}", "%7B{x}", "{x", "}"} {
		f.Add(s, "value", "v2")
	}
	f.Fuzz(func(t *testing.T, tmpl, a, b string) {
		tp, err := ParseTemplate(tmpl)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrTemplate) || e.Offset < 0 || e.Offset > len(tmpl) {
				t.Fatalf("ParseTemplate(%q): %v", tmpl, err)
			}
			if why := templateOffsetExact(tmpl, e.Offset); why != "" && len(tmpl) < 1<<35 {
				t.Fatalf("ParseTemplate(%q): offset %d: %s", tmpl, e.Offset, why)
			}
			return
		}
		if tp.String() != tmpl {
			t.Fatalf("String() = %q, want %q", tp.String(), tmpl)
		}
		// Any values: no panic, and the append form agrees.
		vars := map[string]any{}
		for i, name := range tp.Variables() {
			switch i % 4 {
			case 0:
				vars[name] = a
			case 1:
				vars[name] = []string{a, b}
			case 2:
				vars[name] = [][2]string{{a, b}}
			case 3:
				vars[name] = map[string]string{a: b, b: a}
			}
		}
		s, err := tp.Expand(vars)
		if buf, err2 := tp.AppendExpand([]byte("x"), vars); (err == nil) != (err2 == nil) || err == nil && string(buf) != "x"+s {
			t.Fatalf("AppendExpand disagrees with Expand: %q %v, %q %v", buf, err2, s, err)
		}
		_, _ = tp.Match(s)
		_ = tp.Matchable()

		// Values that make no ambiguity of their own.
		clean := func(s string) string {
			const alpha = "abcXYZ019_~"
			out := make([]byte, 0, len(s)+1)
			for i := 0; i < len(s) && i < 8; i++ {
				out = append(out, alpha[int(s[i])%len(alpha)])
			}
			return "v" + string(out)
		}
		ps, vs := tp.parts(nil, nil)
		plain, reserved := true, false
		want := map[string]any{}
		seen := map[string]bool{}
		vars = map[string]any{}
		for _, p := range ps {
			if p.op == partLiteral {
				for i := 0; i < len(p.lit); i++ {
					if c := p.lit[i]; !is(c, cUnreserved) && c != '/' && c != '%' {
						plain = false
					}
				}
				continue
			}
			reserved = reserved || p.op == '+' || p.op == '#'
			for _, v := range p.varsIn(vs) {
				if seen[v.name] {
					return // a variable twice: its values must agree, skip
				}
				seen[v.name] = true
				listOK := v.prefix == 0 && (p.vn == 1 || templateOp(p.op).named) && !templateOp(p.op).reserved
				if listOK && (v.explode || len(a)%2 == 0) {
					vars[v.name] = []string{clean(a), clean(b)}
					want[v.name] = []string{clean(a), clean(b)}
					continue
				}
				if v.explode {
					return // an exploded string is a one-member list: ambiguous
				}
				vars[v.name] = clean(a)
				want[v.name] = clean(a)
				if v.prefix > 0 {
					want[v.name] = prefixRunes(clean(a), v.prefix)
				}
			}
		}
		s, err = tp.Expand(vars)
		if err != nil {
			t.Fatalf("%q.Expand(%v): %v", tmpl, vars, err)
		}
		if plain && !reserved {
			if _, err := Parse(s); err != nil {
				t.Fatalf("%q.Expand(%v) = %q, not a URI-reference: %v", tmpl, vars, s, err)
			}
		}
		if tp.Matchable() == nil {
			got, ok := tp.Match(s)
			if !ok || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q.Match(%q) = %#v, %v; want %#v", tmpl, s, got, ok, want)
			}
		}
	})
}

// fuzzValues gives the variables of tp values made of a and b, of the
// type shape picks for each (a string, a list, an associative array, or
// undefined), so that the fuzzer reaches every form Expand takes.
func fuzzValues(tp Template, a, b string, shape uint64) map[string]any {
	vars := map[string]any{}
	for _, name := range tp.Variables() {
		switch shape % 6 {
		case 0:
			vars[name] = a
		case 1:
			vars[name] = b
		case 2:
			vars[name] = []string{a, b}
		case 3:
			vars[name] = []string{b}
		case 4:
			vars[name] = [][2]string{{a, b}}
		}
		shape /= 6
	}
	return vars
}

// slowDotSegment reports whether seg is a dot segment once its "%2E"
// triplets are decoded: "." or "..".
func slowDotSegment(seg string) bool {
	d := strings.ReplaceAll(strings.ToLower(seg), "%2e", ".")
	return d == "." || d == ".."
}

// FuzzTemplateExpandURI checks ExpandURI against an oracle that expands
// each part of the template by itself and labels every byte with the part
// that wrote it: when ExpandURI succeeds, its URI is the expansion, and
// every dot segment of its path (either spelling) lies inside one literal
// of the template; its authority's "//" too,
// unless one "+" expression wrote it. When it fails, the error is an
// *Error on the template text wrapping ErrTemplate, and the expansion does
// have what it names: a dot segment, an authority, or no URI-reference.
func FuzzTemplateExpandURI(f *testing.F) {
	for _, s := range []string{"/public/{dir}/{file}", "{+path}", "/files{/path*}", "/a/{.x}", "/{x}/{y}", "{/x}{/y}", "{+x}/y", "http://h/{x}", "/a/..{?q}", "/a/.{x}./b", "{x}..", "../{x}", "{#x}", "/x{;a,b}"} {
		f.Add(s, "..", "a", uint64(0))
		f.Add(s, "", ".", uint64(7))
		f.Add(s, "%2e%2E", "a/../b", uint64(2))
	}
	// issue #29, row 7
	for _, s := range []string{"/files/{name}", "/users/{id}/delete", "/files/{+name}", "/a/{x}/", "/a{/x*}{?q}"} {
		for _, v := range []string{"../admin", "..\\admin", "\uff0e\uff0e", "\u2025", "..;", "a%2fb", "%C0%AE", "%41", ""} {
			f.Add(s, v, "b", uint64(0))
		}
		f.Add(s, "", "", uint64(5))
		f.Add(s, "a", "", uint64(2))
	}
	f.Fuzz(func(t *testing.T, tmpl, a, b string, shape uint64) {
		tp, err := ParseTemplate(tmpl)
		if err != nil {
			return
		}
		vars := fuzzValues(tp, a, b, shape)
		s, err := tp.Expand(vars)
		if err != nil {
			return
		}
		// the oracle: each part expanded alone, each byte labelled with
		// the part that wrote it (-1 - k for literal k, k for expression k)
		var text strings.Builder
		var owner []int
		ps, _ := tp.parts(nil, nil)
		emptyAt := map[int]bool{} // where an expression other than "?" and "#" wrote nothing
		for k, p := range ps {
			if p.op == partLiteral {
				text.WriteString(p.lit)
				for range len(p.lit) {
					owner = append(owner, -1-k)
				}
				continue
			}
			end := p.at + strings.IndexByte(tmpl[p.at:], '}') + 1
			alone, err := ParseTemplate(tmpl[p.at:end])
			if err != nil {
				t.Fatalf("%q alone: %v", tmpl[p.at:end], err)
			}
			x, err := alone.Expand(vars)
			if err != nil {
				t.Fatalf("%q alone: %v", tmpl[p.at:end], err)
			}
			if x == "" && p.op != '?' && p.op != '#' {
				emptyAt[text.Len()] = true
			}
			text.WriteString(x)
			for range len(x) {
				owner = append(owner, k)
			}
		}
		if text.String() != s {
			t.Fatalf("%q: the parts expand to %q, the template to %q", tmpl, text.String(), s)
		}
		// oneLiteral reports whether one literal wrote s[i:j], and no
		// expression stands between two of its bytes
		oneLiteral := func(i, j int) bool {
			i, j = max(i, 0), min(j, len(s))
			for x := i; x < j; x++ {
				if owner[x] >= 0 || owner[x] != owner[i] {
					return false
				}
			}
			return true
		}
		u, err := tp.ExpandURI(vars)
		pu, perr := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrTemplate) || e.Input != tmpl || e.Offset < 0 || e.Offset > len(tmpl) {
				t.Fatalf("%q.ExpandURI(%v): %v, want an *Error on the template wrapping ErrTemplate", tmpl, vars, err)
			}
			switch {
			case perr != nil:
				if errors.Is(err, perr.(*Error).Err) != true {
					t.Fatalf("%q.ExpandURI(%v): %v, want it to wrap Parse's %v", tmpl, vars, err, perr)
				}
			case strings.Contains(e.Expected, "authority"):
				if !pu.HasAuthority {
					t.Fatalf("%q.ExpandURI(%v): %v, but %q has no authority", tmpl, vars, err, s)
				}
			case strings.Contains(e.Expected, "empty path segment"):
				if !strings.Contains(pu.Path, "//") && !strings.HasSuffix(pu.Path, "/") {
					t.Fatalf("%q.ExpandURI(%v): %v, but %q has no empty segment", tmpl, vars, err, s)
				}
			case strings.Contains(e.Expected, "RoutePath"):
				found := false
				for seg := range strings.SplitSeq(pu.Path, "/") {
					r, _, rerr := RoutePath(URI{Path: "/" + seg}, PathPolicy{})
					found = found || rerr != nil || r != "/"+seg
				}
				if !found || !errors.Is(err, ErrPath) {
					t.Fatalf("%q.ExpandURI(%v): %v, but RoutePath takes every segment of %q as it is", tmpl, vars, err, s)
				}
			default:
				found := false
				for seg := range strings.SplitSeq(pu.Path, "/") {
					found = found || slowDotSegment(seg) || climbsOracle(seg)
				}
				if !found {
					t.Fatalf("%q.ExpandURI(%v): %v, but %q has no dot segment", tmpl, vars, err, s)
				}
			}
			return
		}
		if perr != nil || u != pu || u.String() != s {
			t.Fatalf("%q.ExpandURI(%v) = %q, but the expansion %q parses to %q, %v", tmpl, vars, u, s, pu, perr)
		}
		off := len(s) - len(u.Path)
		if u.HasQuery {
			off -= len(u.Query) + 1
		}
		if u.HasFragment {
			off -= len(u.Fragment) + 1
		}
		literalsClean := true
		for i := 0; i <= len(u.Path); {
			j := strings.IndexByte(u.Path[i:], '/')
			if j < 0 {
				j = len(u.Path)
			} else {
				j += i
			}
			seg := u.Path[i:j]
			if slowDotSegment(seg) && !oneLiteral(off+i, off+j) {
				t.Fatalf("%q.ExpandURI(%v) = %q: the dot segment %q is not the template's", tmpl, vars, u, seg)
			}
			// a segment that an expression wrote part of does not climb
			// once decoded and split at '/' and '\', and RoutePath's zero
			// policy takes it as it is
			if !oneLiteral(off+i, off+j) || i == j {
				if climbsOracle(seg) {
					t.Fatalf("%q.ExpandURI(%v) = %q: the segment %q climbs once decoded", tmpl, vars, u, seg)
				}
				if r, _, rerr := RoutePath(URI{Path: "/" + seg}, PathPolicy{}); rerr != nil || r != "/"+seg {
					t.Fatalf("%q.ExpandURI(%v) = %q: RoutePath of the segment %q: %q, %v", tmpl, vars, u, seg, r, rerr)
				}
			} else {
				literalsClean = literalsClean && !slowDotSegment(seg)
				if r, _, rerr := RoutePath(URI{Path: "/" + seg}, PathPolicy{}); rerr != nil || r != "/"+seg {
					literalsClean = false
				}
			}
			// an empty segment: only where one literal wrote it, with no
			// expression after it that wrote nothing; the literals' "//"
			// is the template's, which RoutePath may refuse
			if i == j && i > 0 && j < len(u.Path) {
				literalsClean = false
			}
			if i == j && i > 0 && !(len(u.Path) == 1 && owner[off] >= 0 && ps[owner[off]].op == '+') {
				k := owner[off+i-1]
				ok := k < 0 && (j < len(u.Path) && oneLiteral(off+i-1, off+j+1) || j == len(u.Path) && !emptyAt[off+j])
				if !ok {
					t.Fatalf("%q.ExpandURI(%v) = %q: an empty segment at %d that a value left", tmpl, vars, u, i)
				}
			}
			i = j + 1
		}
		// the whole path: where the literals' own segments are clean,
		// RoutePath's zero policy routes it as it is
		if literalsClean && (u.Path == "" || u.Path[0] == '/') {
			if r, _, rerr := RoutePath(u, PathPolicy{}); rerr != nil || r != u.Path {
				t.Fatalf("%q.ExpandURI(%v) = %q: RoutePath gives %q, %v", tmpl, vars, u, r, rerr)
			}
		}
		if u.HasAuthority {
			at := 0
			if u.Scheme != "" {
				at = len(u.Scheme) + 1
			}
			if k := owner[at]; !oneLiteral(at, at+2) && (k < 0 || k != owner[at+1] || ps[k].op != '+') {
				t.Fatalf("%q.ExpandURI(%v) = %q: the authority's \"//\" is not the template's", tmpl, vars, u)
			}
		}
	})
}

// climbsOracle reports whether s climbs once a handler decodes it, by a
// reading of its own: its triplets decoded once, the characters that NFKC
// normalization maps to full stops or separators (U+FF0E, U+FE52, U+2024;
// U+2025 and U+FE30 for two; U+FF0F, U+FF3C, U+FE68) and the overlong
// forms of '.', '/' and '\' replaced by what they stand for, then split
// at '/' and '\': a piece whose text before any ';' or NUL (where a C
// string ends) is "." or "..".
func climbsOracle(s string) bool {
	d := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				d = append(d, byte(v))
				i += 2
				continue
			}
		}
		d = append(d, s[i])
	}
	x := strings.NewReplacer("\uFF0E", ".", "\uFE52", ".", "\u2024", ".", "\u2025", "..", "\uFE30", "..",
		"\uFF0F", "/", "\uFF3C", "/", "\uFE68", "/", "\xC0\xAE", ".", "\xC0\xAF", "/", "\xC1\x9C", "/", "\\", "/").Replace(string(d))
	for piece := range strings.SplitSeq(x, "/") {
		piece, _, _ = strings.Cut(piece, ";")
		piece, _, _ = strings.Cut(piece, "\x00")
		if piece == "." || piece == ".." {
			return true
		}
	}
	return false
}

// FuzzTemplateRoute checks Route's promises for any template and text:
// a value it gives back is never, and never holds, a dot segment (by
// slowDotSegment, on every '/'-separated piece of every string); without
// AllowEmpty, every variable of an expression without names is present
// and non-empty; the text is a URI-reference; and for a Matchable
// template, Route reads the expansion of the values it gave back as those
// values again.
func FuzzTemplateRoute(f *testing.F) {
	for _, c := range [][2]string{
		{"/users/{id}", "/users/.."}, {"/users/{id}", "/users/%2e%2E"}, {"/users/{id}", "/users/"},
		{"/files/{+path}", "/files/a/../b"}, {"/files{/path*}", "/files/a/%2E/b"}, {"/users/{id}{?q}", "/users/42?q=..&x=1"},
		{"/search{?q,params*}", "/search?x=..&q=1"}, {"/a{;v}/b", "/a;v=../b"}, {"{#f}", "#.."}, {"/x/{+p}{?q}", "/x/a?q=b"},
		// issue #29, row 6
		{"/files/{name}", "/files/..%5C..%5Cwindows%5Cwin.ini"}, {"/files/{+path}", "/files/..%2F..%2Fetc%2Fpasswd"},
		{"/files/{name}", "/files/%EF%BC%8E%EF%BC%8E"}, {"/files/{name}", "/files/%E2%80%A5"}, {"/files/{name}", "/files/..;"},
		{"/files/{+path}", "/files/%C0%AE%C0%AE/x"}, {"/files{/p*}", "/files/a/%EF%B9%92."},
		{"/files/{name}", "/files/..%00"}, {"/files/{+path}", "/files/a/..%00x/b"},
	} {
		for o := range uint8(4) {
			f.Add(c[0], c[1], o)
		}
	}
	f.Fuzz(func(t *testing.T, tmpl, s string, o uint8) {
		tp, err := ParseTemplate(tmpl)
		if err != nil {
			return
		}
		opts := RouteOptions{AllowEmpty: o&1 != 0, ExtraParams: o&2 != 0}
		vals, ok := tp.Route(s, opts)
		if !ok {
			return
		}
		if _, err := Parse(s); err != nil {
			t.Fatalf("%q.Route(%q) matched text that is not a URI-reference: %v", tmpl, s, err)
		}
		var strs []string
		for _, v := range vals {
			switch x := v.(type) {
			case string:
				strs = append(strs, x)
			case []string:
				strs = append(strs, x...)
			case [][2]string:
				for _, kv := range x {
					strs = append(strs, kv[0], kv[1])
				}
			default:
				t.Fatalf("%q.Route(%q): a value of type %T", tmpl, s, v)
			}
		}
		for _, str := range strs {
			for piece := range strings.SplitSeq(str, "/") {
				if slowDotSegment(piece) {
					t.Fatalf("%q.Route(%q, %+v) = %q: the value %q holds a dot segment", tmpl, s, opts, vals, str)
				}
			}
			if climbsOracle(str) {
				t.Fatalf("%q.Route(%q, %+v) = %q: the value %q climbs once decoded and split at '/' and '\\'", tmpl, s, opts, vals, str)
			}
		}
		ps, vs := tp.parts(nil, nil)
		if !opts.AllowEmpty {
			for _, p := range ps {
				if p.op == partLiteral || templateOp(p.op).named {
					continue
				}
				for _, v := range p.varsIn(vs) {
					if !nonEmpty(vals[v.name]) {
						t.Fatalf("%q.Route(%q) = %q: %s is absent or empty", tmpl, s, vals, v.name)
					}
				}
			}
		}
		if tp.Matchable() != nil {
			return
		}
		back, err := tp.Expand(vals)
		if err != nil {
			t.Fatalf("%q.Expand(Route(%q) = %q): %v", tmpl, s, vals, err)
		}
		again, ok := tp.Route(back, opts)
		if !ok || !reflect.DeepEqual(again, vals) {
			t.Fatalf("%q: Route(%q) = %q, expanded %q, routed again %q, %v", tmpl, s, vals, back, again, ok)
		}
	})
}

// TestTemplateIssue29 runs the reproductions of issue #29, rows 6 and 7,
// as the issue gives them (testdata/template.txt has many more rows).
func TestTemplateIssue29(t *testing.T) {
	// row 6
	if v, ok := MustParseTemplate("/files/{name}").Route("/files/..%5C..%5Cwindows%5Cwin.ini", RouteOptions{}); ok {
		t.Errorf("Route = %q, want no match", v)
	}
	if v, ok := MustParseTemplate("/files/{+path}").Route("/files/..%2F..%2Fetc%2Fpasswd", RouteOptions{}); ok {
		t.Errorf("Route = %q, want no match", v)
	}
	// row 7
	files := MustParseTemplate("/files/{name}")
	for _, name := range []string{"../admin", "..\\admin", "\uff0e\uff0e", "\u2025", "..;"} {
		if u, err := files.ExpandURI(map[string]any{"name": name}); err == nil {
			t.Errorf("ExpandURI(name = %q) = %q, want an error", name, u)
		}
	}
	del := MustParseTemplate("/users/{id}/delete")
	for _, vars := range []map[string]any{{}, {"id": ""}} {
		if u, err := del.ExpandURI(vars); err == nil {
			t.Errorf("ExpandURI(%v) = %q, want an error", vars, u)
		}
		if u, err := del.ExpandURIWith(vars, ExpandOptions{AllowEmpty: true}); err != nil || u.String() != "/users//delete" {
			t.Errorf("ExpandURIWith(%v, AllowEmpty) = %q, %v", vars, u, err)
		}
	}
}

// FuzzTemplateMatchable checks the promise of Matchable on any template
// and values: when it is nil, Match reads every expansion back to values
// that expand as the given ones in every expression (matchesBack); when
// it is not, it is an *Error at an expression of the template.
func FuzzTemplateMatchable(f *testing.F) {
	for _, s := range []string{"/users/{id}{?fields,lang}", "{x,y}", "{.x,y}", "{+x,y}", "{/a,b}", "{?q,p*}", "{;x}", "{;x*}", "{?a}{&b}", "{;a}{;b}", "{x}/{x:2}", "{+x:2}", "{x}.html", "{/p*}{?q}", "{x:3}/{+x:3}", "{#f}"} {
		f.Add(s, "a", "b", uint64(0))
		f.Add(s, "", "%20", uint64(10))
		f.Add(s, "a.b,c", "x", uint64(3))
	}
	f.Fuzz(func(t *testing.T, tmpl, a, b string, shape uint64) {
		tp, err := ParseTemplate(tmpl)
		if err != nil {
			return
		}
		merr := tp.Matchable()
		if merr != nil {
			var e *Error
			if !errors.As(merr, &e) || !errors.Is(merr, ErrTemplate) || e.Input != tmpl || e.Offset < 0 || e.Offset >= len(tmpl) || tmpl[e.Offset] != '{' {
				t.Fatalf("%q.Matchable() = %v, want an *Error at an expression", tmpl, merr)
			}
			return
		}
		ps, vs := tp.parts(nil, nil)
		var alone []aloneVar
		for _, p := range ps {
			for _, v := range p.varsIn(vs) {
				alone = append(alone, aloneVar{v.name, varspecAlone(p.op, v)})
			}
		}
		vars := fuzzValues(tp, a, b, shape)
		var buf [2][]byte
		if s, got, ok := matchesBack(tp, vars, alone, map[string]any{}, &buf); !ok {
			t.Fatalf("%q is Matchable, but %v expands to %q, which Match reads as %v", tmpl, vars, s, got)
		}
	})
}

// The template entry points of this round in TestHostileMemory: ExpandURI
// with the input as a "+" value, which it checks for dot segments; Route of
// the input against a template whose "+" expression takes it all; and
// Matchable of the input as a template (hostile_test.go's "Template" entry
// expands it).
var (
	hostileExpandURI = MustParseTemplate("/files/{+path}")
	hostileRoute     = MustParseTemplate("{+u}{?q}")
)

func init() {
	hostileEntries = append(hostileEntries,
		hostileEntry{"ExpandURI", func(u URI, s string) {
			sinkURI, sinkErr = hostileExpandURI.ExpandURI(map[string]any{"path": s})
		}},
		hostileEntry{"Route", func(u URI, s string) {
			_, sinkBool = hostileRoute.Route(s, RouteOptions{ExtraParams: true})
		}},
		hostileEntry{"Matchable", func(u URI, s string) {
			if t, err := ParseTemplate(s); err == nil {
				sinkErr = t.Matchable()
			}
		}},
	)
	// "+" writes an octet that is neither unreserved nor reserved as
	// three, into a buffer that grows by doubling, then copies it into the
	// string that Parse reads.
	hostileBytesPerByte["ExpandURI"] = 10
}

// ---------------------------------------------------------------------------
// Allocations and speed

var benchTemplateVars = map[string]any{
	"id": "42", "fields": []string{"id", "name", "picture"}, "q": "URI Templates", "lang": "en",
	"path": "/foo/bar", "keys": [][2]string{{"semi", ";"}, {"dot", "."}}, "base": "http://example.com/home/",
}

var benchTemplates = []string{
	"/users/{id}{?fields,lang}", "{+base}search{?q,lang}", "{/path}{;keys*}", "file:///{path}",
	"https://api.example.com/v1/{id}/items{?q,fields*}", "{#path,id}",
}

// TestTemplateAllocs pins the allocations: AppendExpand into a buffer with
// room makes none, Expand one (the string), Match a map, the values in
// it and the values it decodes.
func TestTemplateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	buf := make([]byte, 0, 256)
	for _, s := range benchTemplates {
		tp, err := ParseTemplate(s)
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { buf, _ = tp.AppendExpand(buf[:0], benchTemplateVars) }); n != 0 {
			t.Errorf("%q.AppendExpand: %v allocations, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { sinkString, _ = tp.Expand(benchTemplateVars) }); n != 1 {
			t.Errorf("%q.Expand: %v allocations, want 1", s, n)
		}
	}
	tp, _ := ParseTemplate("/users/{id}{?q,lang}")
	in := "/users/42?lang=en&q=URI%20Templates"
	if n := testing.AllocsPerRun(100, func() { _, sinkBool = tp.Match(in) }); n > allocLimit(6, 18) {
		t.Errorf("Match: %v allocations, want at most 6 (the map and its buckets, each of three values put in an interface, one decoded value)", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, sinkBool = tp.Route(in, RouteOptions{}) }); n > allocLimit(6, 19) {
		t.Errorf("Route: %v allocations, want at most 6, as Match", n)
	}
	vars := map[string]any{"id": "42", "q": "URI Templates", "lang": "en"}
	if n := testing.AllocsPerRun(100, func() { sinkURI, _ = tp.ExpandURI(vars) }); n > 1 {
		t.Errorf("ExpandURI: %v allocations, want 1 (the string)", n)
	}
}

func BenchmarkTemplate(b *testing.B) {
	var tps []Template
	for _, s := range benchTemplates {
		tp, err := ParseTemplate(s)
		if err != nil {
			b.Fatal(err)
		}
		tps = append(tps, tp)
	}
	b.Run("Expand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, tp := range tps {
				sinkString, _ = tp.Expand(benchTemplateVars)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(tps)), "ns/template")
	})
	b.Run("AppendExpand", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 256)
		for b.Loop() {
			for _, tp := range tps {
				buf, _ = tp.AppendExpand(buf[:0], benchTemplateVars)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(tps)), "ns/template")
	})
	b.Run("Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range benchTemplates {
				_, sinkErr = ParseTemplate(s)
			}
		}
	})
	b.Run("Match", func(b *testing.B) {
		tp, _ := ParseTemplate("/users/{id}{?q,lang}")
		in := "/users/42?lang=en&q=URI%20Templates"
		b.ReportAllocs()
		for b.Loop() {
			_, sinkBool = tp.Match(in)
		}
	})
}

// ---------------------------------------------------------------------------
// Matchable, exactly

var templateLong = flag.Bool("template.long", false, "TestTemplateMatchableExact: every generated template (about a minute), not a sample")

// The generated grammar of TestTemplateMatchableExact: a first expression
// (every operator with every variable list), an optional literal
// separator, and an optional second expression (every operator with a new
// variable, exploded or not, or x again, whole or with a prefix). 20,328
// templates.
var (
	exactOps      = []string{"", "+", "#", ".", "/", ";", "?", "&"}
	exactFirst    = []string{"x", "x*", "x:3", "x,y", "x*,y", "x,y*", "x:3,y"}
	exactSecond   = []string{"z", "z*", "x", "x:3"}
	exactLiterals = []string{"", "/", ".", ",", "=", ";", "?", "&", "#", "a", "!"}
)

// exactValues are the values each variable takes, in every combination:
// undefined, empty, plain, every separator at the start and inside (and a
// triplet, a '%' that starts none, a space), lists (of two, of one, of an
// empty member) and associative arrays (with an empty value, with keys
// that are the names of variables).
var exactValues = []any{nil, "", "a", "abc", "a.,/=;!?&#b", ".a", ",a", "/a", "=a", ";a", "!a", "?a", "&a", "#a", "%zz", "%41", "%20",
	[]string{"a", "b"}, []string{""}, []string{"a"},
	[][2]string{{"k", "v"}}, [][2]string{{"k", ""}}, [][2]string{{"x", "v"}, {"k", "w"}}, [][2]string{{"z", "v"}}, [][2]string{{"y", ""}}}

func exactTemplates() []string {
	var out []string
	for _, op := range exactOps {
		for _, l := range exactFirst {
			e := "{" + op + l + "}"
			for _, lit := range exactLiterals {
				out = append(out, e+lit)
				for _, op2 := range exactOps {
					for _, l2 := range exactSecond {
						out = append(out, e+lit+"{"+op2+l2+"}")
					}
				}
			}
		}
	}
	return out
}

// aloneVar is one variable of a template, alone in an expression of its
// operator and modifiers.
type aloneVar struct {
	name string
	tp   Template
}

// matchesBack reports whether Match gives back, for an expansion of tp
// with vars, values that expand as vars did in every expression: each
// variable, alone in an expression of its operator and modifiers, expands
// to the same text with either value. An expansion error is no
// counterexample. one and buf are scratch space.
func matchesBack(tp Template, vars map[string]any, alone []aloneVar, one map[string]any, buf *[2][]byte) (string, map[string]any, bool) {
	b, err := tp.AppendExpand(buf[0][:0], vars)
	buf[0] = b
	if err != nil {
		return "", nil, true
	}
	got, ok := tp.Match(string(b))
	if !ok {
		return string(b), nil, false
	}
	for _, a := range alone {
		clear(one)
		one[a.name] = vars[a.name]
		x, err1 := a.tp.AppendExpand(buf[1][:0], one)
		buf[1] = x
		one[a.name] = got[a.name]
		y, err2 := a.tp.AppendExpand(x, one)
		if err1 != nil || err2 != nil || string(y[len(x):]) != string(x) {
			return string(b), got, false
		}
	}
	return string(b), got, true
}

// TestTemplateMatchableExact enumerates the templates of a small grammar
// (operators x variable lists x literal separators x a second
// expression) and, for each, every combination of exactValues: Matchable
// must be nil exactly when every expansion matches back (matchesBack). By
// default it runs one template in 293 (a fixed sample, about 0.1 s);
// -template.long runs them all.
func TestTemplateMatchableExact(t *testing.T) {
	all := exactTemplates()
	if len(all) != 20328 {
		t.Fatalf("%d templates, want 20328", len(all))
	}
	step := 293
	if *templateLong {
		step = 1
	}
	var nTemplates, nMatchable, nChecks int
	for i := 0; i < len(all); i += step {
		src := all[i]
		tp, err := ParseTemplate(src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		nTemplates++
		ps, vs := tp.parts(nil, nil)
		var alone []aloneVar
		for _, p := range ps {
			for _, v := range p.varsIn(vs) {
				alone = append(alone, aloneVar{v.name, varspecAlone(p.op, v)})
			}
		}
		names := tp.Variables()
		idx := make([]int, len(names))
		var witness string
		vars, one := map[string]any{}, map[string]any{}
		var buf [2][]byte
		for witness == "" {
			for k, n := range names {
				if v := exactValues[idx[k]]; v != nil {
					vars[n] = v
				} else {
					delete(vars, n)
				}
			}
			nChecks++
			if s, got, ok := matchesBack(tp, vars, alone, one, &buf); !ok {
				witness = fmt.Sprintf("%v expands to %q, which Match reads as %v", vars, s, got)
			}
			k := 0
			for ; k < len(idx); k++ {
				if idx[k]++; idx[k] < len(exactValues) {
					break
				}
				idx[k] = 0
			}
			if k == len(idx) {
				break
			}
		}
		merr := tp.Matchable()
		switch {
		case merr == nil && witness != "":
			t.Errorf("%q: Matchable is nil, but %s", src, witness)
		case merr != nil && witness == "":
			t.Errorf("%q: Matchable says %v, but every expansion matches back", src, merr)
		case merr == nil:
			nMatchable++
		}
		if merr != nil {
			var e *Error
			if !errors.As(merr, &e) || !errors.Is(merr, ErrTemplate) || e.Input != src || e.Offset < 0 || e.Offset >= len(src) || src[e.Offset] != '{' {
				t.Errorf("%q: Matchable: %v, want an *Error wrapping ErrTemplate at an expression", src, merr)
			}
		}
	}
	t.Logf("%d templates, %d matchable, %d expansions checked", nTemplates, nMatchable, nChecks)
}

// varspecAlone is the template of one expression with operator op and the
// one variable v.
func varspecAlone(op byte, v templateVar) Template {
	s := "{"
	if op != opSimple {
		s += string(op)
	}
	s += v.name
	if v.prefix > 0 {
		s += ":" + strconv.Itoa(v.prefix)
	}
	if v.explode {
		s += "*"
	}
	tp, err := ParseTemplate(s + "}")
	if err != nil {
		panic(err)
	}
	return tp
}
