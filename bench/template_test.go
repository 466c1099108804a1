package bench

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/seed0915fd1c/uri"
	"github.com/yosida95/uritemplate/v3"
)

// The RFC 6570 comparison: github.com/yosida95/uritemplate/v3, which both Go
// MCP SDKs use, against uri.Template on the community suite
// (../../shared/data/uritemplate-test), in the same run.

type suiteCase struct {
	template string
	vars     map[string]any // as uri.Template.Expand takes them
	peer     uritemplate.Values
	want     []string // nil: an error
}

// suiteValue decodes a JSON value into both libraries' forms, keeping the
// order of objects.
func suiteValue(d *json.Decoder) (any, uritemplate.Value, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, uritemplate.Value{}, err
	}
	switch t := tok.(type) {
	case nil:
		return nil, uritemplate.Value{}, nil
	case string:
		return t, uritemplate.String(t), nil
	case json.Number:
		return t.String(), uritemplate.String(t.String()), nil
	case json.Delim:
		if t == '[' {
			list := []string{}
			for d.More() {
				v, _, err := suiteValue(d)
				if err != nil {
					return nil, uritemplate.Value{}, err
				}
				s, _ := v.(string)
				list = append(list, s)
			}
			_, err := d.Token()
			return list, uritemplate.List(list...), err
		}
		var pairs [][2]string
		var kv []string
		for d.More() {
			k, _ := d.Token()
			v, _, err := suiteValue(d)
			if err != nil {
				return nil, uritemplate.Value{}, err
			}
			s, _ := v.(string)
			pairs = append(pairs, [2]string{k.(string), s})
			kv = append(kv, k.(string), s)
		}
		_, err := d.Token()
		return pairs, uritemplate.KV(kv...), err
	}
	return nil, uritemplate.Value{}, nil
}

func readSuite(tb testing.TB) []suiteCase {
	dir := filepath.Join("..", "..", "shared", "data", "uritemplate-test")
	var cases []suiteCase
	for _, f := range []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			tb.Skipf("the uritemplate-test suite is not at %s: get %s from github.com/uri-templates/uritemplate-test into it: %v", dir, f, err)
		}
		var raw map[string]struct {
			Variables json.RawMessage     `json:"variables"`
			Testcases [][]json.RawMessage `json:"testcases"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			tb.Fatal(err)
		}
		for _, g := range raw {
			vars, peer := map[string]any{}, uritemplate.Values{}
			d := json.NewDecoder(bytes.NewReader(g.Variables))
			d.UseNumber()
			d.Token()
			for d.More() {
				k, _ := d.Token()
				v, pv, err := suiteValue(d)
				if err != nil {
					tb.Fatal(err)
				}
				if v != nil {
					vars[k.(string)] = v
					peer.Set(k.(string), pv)
				}
			}
			for _, tc := range g.Testcases {
				c := suiteCase{vars: vars, peer: peer}
				json.Unmarshal(tc[0], &c.template)
				var one string
				var many []string
				if json.Unmarshal(tc[1], &one) == nil {
					c.want = []string{one}
				} else if json.Unmarshal(tc[1], &many) == nil {
					c.want = many
				}
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// TestSameResultsTemplate runs both libraries on the suite: every case the
// peer gets right, uri gets right too, and uri gets all 270.
func TestSameResultsTemplate(t *testing.T) {
	cases := readSuite(t)
	ours, peer := 0, 0
	for _, c := range cases {
		right := func(got string, err error) bool {
			if c.want == nil {
				return err != nil
			}
			return err == nil && slices.Contains(c.want, got)
		}
		var got string
		tp, err := uri.ParseTemplate(c.template)
		if err == nil {
			got, err = tp.Expand(c.vars)
		}
		okOurs := right(got, err)
		var pgot string
		pt, perr := uritemplate.New(c.template)
		if perr == nil {
			pgot, perr = pt.Expand(c.peer)
		}
		okPeer := right(pgot, perr)
		if okOurs {
			ours++
		}
		if okPeer {
			peer++
		}
		if okPeer && !okOurs {
			t.Errorf("%q: yosida95 gives %q, uri %q %v; want %q", c.template, pgot, got, err, c.want)
		}
	}
	t.Logf("uritemplate-test: uri passes %d of %d, yosida95/uritemplate %d", ours, len(cases), peer)
	if ours != len(cases) {
		t.Errorf("uri passes %d of %d", ours, len(cases))
	}
}

// BenchmarkTemplateExpand expands every template of the suite that both
// libraries expand correctly, parsed once beforehand.
func BenchmarkTemplateExpand(b *testing.B) {
	cases := readSuite(b)
	type pair struct {
		ours  uri.Template
		peer  *uritemplate.Template
		vars  map[string]any
		pvars uritemplate.Values
	}
	var ps []pair
	for _, c := range cases {
		tp, err := uri.ParseTemplate(c.template)
		pt, perr := uritemplate.New(c.template)
		if err != nil || perr != nil || c.want == nil {
			continue
		}
		got, err := tp.Expand(c.vars)
		pgot, perr := pt.Expand(c.peer)
		if err != nil || perr != nil || !slices.Contains(c.want, got) || !slices.Contains(c.want, pgot) {
			continue
		}
		ps = append(ps, pair{tp, pt, c.vars, c.peer})
	}
	var sink string
	b.Run("uri", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range ps {
				sink, _ = p.ours.Expand(p.vars)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/template")
	})
	b.Run("uri-append", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 1024)
		for b.Loop() {
			for _, p := range ps {
				buf, _ = p.ours.AppendExpand(buf[:0], p.vars)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/template")
	})
	b.Run("yosida95", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range ps {
				sink, _ = p.peer.Expand(p.pvars)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/template")
	})
	b.Logf("%d templates that both expand correctly", len(ps))
	_ = sink
}

// BenchmarkTemplateMatch matches a path variable and two query parameters:
// uri's Match and Route (with the router's checks) against yosida95's
// Match.
func BenchmarkTemplateMatch(b *testing.B) {
	const tmpl, in = "/users/{id}{?q,lang}", "/users/42?q=URI%20Templates&lang=en"
	tp := must(uri.ParseTemplate(tmpl))
	pt := uritemplate.MustNew(tmpl)
	b.Run("uri", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			tp.Match(in)
		}
	})
	b.Run("uri-route", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			tp.Route(in, uri.RouteOptions{})
		}
	})
	b.Run("yosida95", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pt.Match(in)
		}
	})
}

// TestSameRoutes checks the routing benchmark's inputs: uri's Route and
// yosida95's Match agree on the values of the matching ones, and Route
// refuses the dot segments yosida95 hands back.
func TestSameRoutes(t *testing.T) {
	for _, c := range []struct {
		tmpl, in string
		ok       bool
	}{
		{"/users/{id}{?q,lang}", "/users/42?q=URI%20Templates&lang=en", true},
		{"/files/{+path}", "/files/a/b/c.txt", true},
		{"/users/{id}", "/users/..", false},
		{"/files/{+path}", "/files/a/../../etc/passwd", false},
	} {
		vals, ok := must(uri.ParseTemplate(c.tmpl)).Route(c.in, uri.RouteOptions{})
		peer := uritemplate.MustNew(c.tmpl).Match(c.in)
		if ok != c.ok {
			t.Errorf("%q.Route(%q) = %v, %v", c.tmpl, c.in, vals, ok)
		}
		if peer == nil {
			t.Errorf("yosida95: %q does not match %q", c.in, c.tmpl)
			continue
		}
		for name, v := range vals {
			if got := peer.Get(name).String(); got != v {
				t.Errorf("%q on %q: %s = %q, yosida95 %q", c.tmpl, c.in, name, v, got)
			}
		}
		if !c.ok {
			t.Logf("%q on %q: yosida95 matches with %v; Route refuses", c.tmpl, c.in, peer)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
