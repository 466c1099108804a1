package uri

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
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
		t.Skipf("the uritemplate-test suite is not at %s (a fresh clone has no ../shared); testdata/template.txt still runs", dir)
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
