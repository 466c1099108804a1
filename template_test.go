package uri

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
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
	counts := map[string]int{}
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
		case "expand":
			want, _, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			if perr != nil {
				t.Errorf("line %d: ParseTemplate(%q): %v", n, tmpl, perr)
				continue
			}
			got, err := tp.Expand(vars)
			if err != nil || got != want {
				t.Errorf("line %d: %q.Expand = %q, %v; want %q", n, tmpl, got, err, want)
			}
			if tp.String() != tmpl {
				t.Errorf("line %d: String() = %q", n, tp.String())
			}
		case "error", "experror":
			off, err := strconv.Atoi(rest)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			if kind == "experror" {
				if perr != nil {
					t.Errorf("line %d: ParseTemplate(%q): %v", n, tmpl, perr)
					continue
				}
				_, perr = tp.Expand(vars)
			}
			var e *Error
			if !errors.As(perr, &e) || !errors.Is(perr, ErrTemplate) || e.Offset != off || e.Input != tmpl {
				t.Errorf("line %d: %q: error %v, want an *Error wrapping ErrTemplate at offset %d", n, tmpl, perr, off)
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
			var raw map[string]any
			if err := json.Unmarshal([]byte(rest), &raw); err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			want := map[string]any{}
			for k, v := range raw {
				want[k] = matchValueFromJSON(v)
			}
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
}

// ---------------------------------------------------------------------------
// Properties

// FuzzTemplate checks, for any template and values: no panic; a template
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
	if n := testing.AllocsPerRun(100, func() { _, sinkBool = tp.Match(in) }); n > 6 {
		t.Errorf("Match: %v allocations, want at most 6 (the map and its buckets, each of three values put in an interface, one decoded value)", n)
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
