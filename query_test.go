package uri

import (
	"encoding/json"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestQueryParams(t *testing.T) {
	u := MustParse("http://a/?a=1&b&&c=x%20y&d=1+2&e=%2B&=v&a=2")
	type kv struct{ k, v string }
	var got []kv
	for k, v := range u.QueryParams() {
		got = append(got, kv{k, v})
	}
	want := []kv{{"a", "1"}, {"b", ""}, {"c", "x y"}, {"d", "1+2"}, {"e", "+"}, {"", "v"}, {"a", "2"}}
	if !slices.Equal(got, want) {
		t.Errorf("QueryParams = %q\nwant %q", got, want)
	}
	if d, _ := u.FormParam("d"); d != "1 2" || len(u.FormParamAll("a")) != 2 {
		t.Errorf("FormParam(d) = %q, FormParamAll(a) = %q", d, u.FormParamAll("a"))
	}
	// Stop early.
	for k := range u.QueryParams() {
		if k == "b" {
			break
		}
	}
	for k := range ParseForm(u.Query) {
		if k == "b" {
			break
		}
	}
}

// queryRow is one line of testdata/query.txt: a verb, an optional set name
// (for encode), the quoted strings before "->" and those after it.
type queryRow struct {
	line      int
	verb, set string
	in, out   []string
}

// readQueryCases reads testdata/query.txt.
func readQueryCases(t testing.TB) []queryRow {
	t.Helper()
	b, err := os.ReadFile("testdata/query.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rows []queryRow
	for n, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		r := queryRow{line: n + 1}
		r.verb, line, _ = strings.Cut(line, " ")
		if r.verb == "encode" {
			r.set, line, _ = strings.Cut(line, " ")
		}
		arrow := false
		for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
			if strings.HasPrefix(line, "->") {
				if arrow {
					t.Fatalf("query.txt:%d: two arrows", r.line)
				}
				arrow, line = true, line[2:]
				continue
			}
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				t.Fatalf("query.txt:%d: want a quoted string at %q", r.line, line)
			}
			s, err := strconv.Unquote(q)
			if err != nil {
				t.Fatalf("query.txt:%d: %v", r.line, err)
			}
			if arrow {
				r.out = append(r.out, s)
			} else {
				r.in = append(r.in, s)
			}
			line = line[len(q):]
		}
		if !arrow {
			t.Fatalf("query.txt:%d: no \"->\"", r.line)
		}
		rows = append(rows, r)
	}
	return rows
}

// pairList collects pairs as a flat list: name, value, name, value, ...
func pairList(seq func(yield func(string, string) bool)) []string {
	out := []string{}
	for k, v := range seq {
		out = append(out, k, v)
	}
	return out
}

// flatPairs yields the pairs of a flat list.
func flatPairs(l []string) func(yield func(string, string) bool) {
	return func(yield func(string, string) bool) {
		for i := 0; i+1 < len(l); i += 2 {
			if !yield(l[i], l[i+1]) {
				return
			}
		}
	}
}

// queryURI is a URI with query q, which must be valid unless handBuilt.
func queryURI(t testing.TB, q string, handBuilt ...bool) URI {
	u := URI{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", HasQuery: true, Query: q}
	if err := u.Validate(); err != nil && len(handBuilt) == 0 {
		t.Fatalf("query %q: %v", q, err)
	}
	return u
}

var querySets = map[string]Component{
	"form": ComponentForm, "unreserved": ComponentUnreserved, "query": ComponentQuery, "value": ComponentQueryValue,
}

// TestQueryCases runs testdata/query.txt.
func TestQueryCases(t *testing.T) {
	rows := readQueryCases(t)
	if len(rows) < 150 {
		t.Fatalf("%d cases in testdata/query.txt, want at least 150", len(rows))
	}
	// want1 checks that a row has n inputs and, unless its verb yields a
	// list, one output.
	lists := map[string]bool{"form": true, "sort": true, "rfc": true, "get": true, "formget": true}
	want1 := func(r queryRow, n int) {
		if len(r.in) != n || !lists[r.verb] && len(r.out) != 1 {
			t.Fatalf("query.txt:%d: want %d inputs and one output", r.line, n)
		}
	}
	for _, r := range rows {
		where := "query.txt:" + strconv.Itoa(r.line)
		switch r.verb {
		case "form":
			want1(r, 1)
			if got := pairList(ParseForm(r.in[0])); !slices.Equal(got, r.out) {
				t.Errorf("%s: ParseForm(%q) = %q, want %q", where, r.in[0], got, r.out)
			}
			if got := pairList(flatPairs(parseFormSlow(r.in[0]))); !slices.Equal(got, r.out) {
				t.Errorf("%s: the slow oracle reads %q as %q, want %q", where, r.in[0], got, r.out)
			}
		case "tostring":
			want1(r, 1)
			if got := EncodeForm(ParseForm(r.in[0])); got != r.out[0] {
				t.Errorf("%s: EncodeForm(ParseForm(%q)) = %q, want %q", where, r.in[0], got, r.out[0])
			}
		case "sort":
			want1(r, 1)
			// Queries that are not RFC 3986 text (Node reads any string) are
			// encoded first with what the form serializer leaves, which
			// keeps the reading.
			q := r.in[0]
			if CheckComponent(q, ComponentQuery) != nil {
				q = EncodeForm(ParseForm(q))
			}
			s := queryURI(t, q).SortQueryParams()
			if got := pairList(ParseForm(s.Query)); !slices.Equal(got, r.out) {
				t.Errorf("%s: SortQueryParams(%q) = %q, reads %q, want %q", where, q, s.Query, got, r.out)
			}
		case "serialize":
			if got := EncodeForm(flatPairs(r.in)); len(r.out) != 1 || got != r.out[0] {
				t.Errorf("%s: EncodeForm(%q) = %q, want %q", where, r.in, got, r.out)
			}
		case "encode":
			want1(r, 1)
			c, ok := querySets[r.set]
			if !ok {
				t.Fatalf("%s: unknown set %q", where, r.set)
			}
			if got := Encode(r.in[0], c); got != r.out[0] {
				t.Errorf("%s: Encode(%q, %v) = %q, want %q", where, r.in[0], c, got, r.out[0])
			}
			checkEncoded(t, r.in[0], c)
		case "rfc":
			want1(r, 1)
			if got := pairList(queryURI(t, r.in[0]).QueryParams()); !slices.Equal(got, r.out) {
				t.Errorf("%s: QueryParams(%q) = %q, want %q", where, r.in[0], got, r.out)
			}
		case "get", "formget":
			want1(r, 2)
			u := queryURI(t, r.in[0], true) // browsers send a stray '%'
			all, first := u.QueryParamAll, u.QueryParam
			if r.verb == "formget" {
				all, first = u.FormParamAll, u.FormParam
			}
			got := all(r.in[1])
			if !slices.Equal(got, r.out) || (got == nil) != (len(r.out) == 0) {
				t.Errorf("%s: %sAll(%q) on %q = %q, want %q", where, r.verb, r.in[1], r.in[0], got, r.out)
			}
			v, ok := first(r.in[1])
			if ok != (len(r.out) > 0) || ok && v != r.out[0] {
				t.Errorf("%s: %s(%q) on %q = %q, %v", where, r.verb, r.in[1], r.in[0], v, ok)
			}
		case "with", "add", "without", "withoutprefix":
			u := queryURI(t, r.in[0])
			var got URI
			switch r.verb {
			case "with":
				want1(r, 3)
				got = u.WithQueryParam(r.in[1], r.in[2])
			case "add":
				want1(r, 3)
				got = u.AddQueryParam(r.in[1], r.in[2])
			case "without":
				want1(r, 2)
				got = u.WithoutQueryParam(r.in[1])
			case "withoutprefix":
				want1(r, 2)
				got = u.WithoutQueryParamFunc(func(k string) bool { return strings.HasPrefix(k, r.in[1]) })
			}
			if got.Query != r.out[0] || !got.HasQuery {
				t.Errorf("%s: %s %q on %q = %q, want %q", where, r.verb, r.in[1:], r.in[0], got.Query, r.out[0])
			}
			if err := got.Validate(); err != nil {
				t.Errorf("%s: %s gave an invalid URI %q: %v", where, r.verb, got, err)
			}
		case "sorted":
			want1(r, 1)
			if got := queryURI(t, r.in[0]).SortQueryParams(); got.Query != r.out[0] {
				t.Errorf("%s: SortQueryParams(%q) = %q, want %q", where, r.in[0], got.Query, r.out[0])
			}
		default:
			t.Fatalf("%s: unknown verb %q", where, r.verb)
		}
	}
}

// TestURLEncodedParserData runs web-platform-tests' urlencoded-parser-data
// through ParseForm and the slow oracle.
func TestURLEncodedParserData(t *testing.T) {
	b, err := os.ReadFile("../shared/data/wpt-url/urlencoded-parser-data.json")
	if err != nil {
		t.Skip("../shared/data/wpt-url/urlencoded-parser-data.json is absent: get url/resources/urlencoded-parser-data.json from web-platform-tests into ../shared/data/wpt-url/ to run this test")
	}
	var cases []struct {
		Input  string
		Output [][2]string
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	pass := 0
	for _, c := range cases {
		want := []string{}
		for _, p := range c.Output {
			want = append(want, p[0], p[1])
		}
		got := pairList(ParseForm(c.Input))
		if !slices.Equal(got, want) {
			t.Errorf("ParseForm(%q) = %q, want %q", c.Input, got, want)
			continue
		}
		if slow := parseFormSlow(c.Input); !slices.Equal(slow, want) {
			t.Errorf("slow oracle on %q = %q, want %q", c.Input, slow, want)
		}
		pass++
	}
	t.Logf("urlencoded-parser-data: %d/%d through ParseForm", pass, len(cases))
	if len(cases) != 35 {
		t.Errorf("%d cases, want the 35 of the recorded version", len(cases))
	}
}

// parseFormSlow transcribes the URL Standard's application/x-www-form-
// urlencoded parser step by step, with its percent-decode and the Encoding
// Standard's UTF-8 decoder, as the oracle for ParseForm. It returns the
// pairs as a flat list.
func parseFormSlow(input string) []string {
	out := []string{}
	for _, bytes := range strings.Split(input, "&") { // 1. split on 0x26 (&)
		if bytes == "" { // 2.1. empty: continue
			continue
		}
		name, value := bytes, "" // 2.2. split at the first 0x3D (=)
		if i := strings.IndexByte(bytes, '='); i >= 0 {
			name, value = bytes[:i], bytes[i+1:]
		}
		name = strings.ReplaceAll(name, "+", " ") // 2.3. 0x2B (+) becomes 0x20 (SP)
		value = strings.ReplaceAll(value, "+", " ")
		// 2.4. UTF-8 decode without BOM of the percent-decoding
		out = append(out, utf8DecodeSlow(percentDecodeSlow(name)), utf8DecodeSlow(percentDecodeSlow(value)))
	}
	return out
}

// percentDecodeSlow is the URL Standard's "percent-decode".
func percentDecodeSlow(s string) []byte {
	var out []byte
	isHex := func(c byte) bool { return strings.IndexByte("0123456789ABCDEFabcdef", c) >= 0 }
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			out = append(out, s[i])
			continue
		}
		v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
		out = append(out, byte(v))
		i += 2
	}
	return out
}

// utf8DecodeSlow is the Encoding Standard's UTF-8 decoder, its handler
// transcribed with its variables, run on the whole input (an ill-formed
// sequence is an error, written as U+FFFD, and the byte that ended it is
// read again).
func utf8DecodeSlow(in []byte) string {
	var out []rune
	cp, seen, needed := rune(0), 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; i <= len(in); i++ {
		if i == len(in) {
			if needed != 0 {
				out = append(out, 0xFFFD)
			}
			break
		}
		b := in[i]
		if needed == 0 {
			switch {
			case b <= 0x7F:
				out = append(out, rune(b))
			case b >= 0xC2 && b <= 0xDF:
				needed, cp = 1, rune(b&0x1F)
			case b >= 0xE0 && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				needed, cp = 2, rune(b&0xF)
			case b >= 0xF0 && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				needed, cp = 3, rune(b&0x7)
			default:
				out = append(out, 0xFFFD)
			}
			continue
		}
		if b < lower || b > upper {
			cp, needed, seen, lower, upper = 0, 0, 0, 0x80, 0xBF
			out = append(out, 0xFFFD)
			i-- // restore byte to the input
			continue
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(b&0x3F)
		if seen++; seen == needed {
			out = append(out, cp)
			cp, needed, seen = 0, 0, 0
		}
	}
	return string(out)
}

func TestCompareUTF16(t *testing.T) {
	strs := []string{"", "a", "b", "ab", "a\u00e9", "\u00e9", "\u07ff", "\u0800", "\ud7ff", "\ue000", "\uefff", "\uffff", "\ufffd",
		"\U00010000", "\U0001f600", "\U0001f601", "\U0010ffff", "a\U0001f600", "a\ue000", "\U0001f600a", "\ue000a", "z"}
	for _, a := range strs {
		for _, b := range strs {
			want := slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
			if got := compareUTF16(a, b); got != want {
				t.Errorf("compareUTF16(%+q, %+q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestQueryAbsent checks the edits on a URI without a query, and that a
// query left empty stays defined.
func TestQueryAbsent(t *testing.T) {
	u := MustParse("http://h/p#f")
	for _, tt := range []struct {
		got  URI
		want string
	}{
		{u.WithQueryParam("a", "1"), "http://h/p?a=1#f"},
		{u.AddQueryParam("a", "1"), "http://h/p?a=1#f"},
		{u.WithoutQueryParam("a"), "http://h/p#f"},
		{u.WithoutQueryParamFunc(func(string) bool { return true }), "http://h/p#f"},
		{u.SortQueryParams(), "http://h/p#f"},
		{MustParse("http://h/p?").AddQueryParam("a", "1"), "http://h/p?a=1"},
		{MustParse("http://h/p?a=1").WithoutQueryParam("a"), "http://h/p?"},
		{MustParse("http://h/p?&").SortQueryParams(), "http://h/p?"},
	} {
		if got := tt.got.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
	if v := u.QueryParamAll("a"); v != nil {
		t.Errorf("QueryParamAll on no query = %q", v)
	}
	if _, ok := u.FormParam("a"); ok {
		t.Error("FormParam found a pair in no query")
	}
	if s := EncodeForm(func(func(string, string) bool) {}); s != "" {
		t.Errorf("EncodeForm of no pairs = %q", s)
	}
}

// TestFormReadings holds issue #23's last item: net/url's reading
// (url.ParseQuery), which the package doc names for url.Values, fails on a
// ';'; ParseForm and FormParam are the browser's, where it is data.
func TestFormReadings(t *testing.T) {
	// A hand-built URI: a stray '%' is not RFC 3986 text, but browsers
	// send it.
	u := URI{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", HasQuery: true, Query: "q=red+shoes&x=1;2&y=%"}
	if _, err := url.ParseQuery(u.Query); err == nil {
		t.Error("url.ParseQuery accepted a ';'")
	}
	if v, ok := u.FormParam("x"); !ok || v != "1;2" {
		t.Errorf("FormParam(x) = %q, %v", v, ok)
	}
	if v, ok := u.FormParam("y"); !ok || v != "%" {
		t.Errorf("FormParam(y) = %q, %v", v, ok)
	}
	if v, _ := u.FormParam("q"); v != "red shoes" {
		t.Errorf("FormParam(q) = %q", v)
	}
	if v, _ := u.QueryParam("q"); v != "red+shoes" {
		t.Errorf("QueryParam(q) = %q", v)
	}
}

// TestFormAgainstNetURL: what EncodeForm writes and what the edits write,
// net/url reads back as the same pairs (the server's side of the boundary).
func TestFormAgainstNetURL(t *testing.T) {
	pairs := []string{"a b", "dark blue & ~tilde* 'q'", "é", "\xff\x00;", "", "=&+%", "k", "v"}
	q := EncodeForm(flatPairs(pairs))
	vals, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(pairs); i += 2 {
		if got := vals[pairs[i]]; len(got) != 1 || got[0] != pairs[i+1] {
			t.Errorf("net/url reads %q as %q for %q, want %q", q, got, pairs[i], pairs[i+1])
		}
	}
	u := MustParse("http://h/?b=%2f&a=1&&c").WithQueryParam("a b", "x;y&z+1")
	if vals, err := url.ParseQuery(u.Query); err != nil || vals.Get("a b") != "x;y&z+1" || vals.Get("b") != "/" {
		t.Errorf("net/url reads %q as %v, %v", u.Query, vals, err)
	}
}

func TestQueryAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	u := MustParse("http://h/?b=%2f&a=1&&c&utm_source=x")
	for _, tt := range []struct {
		name string
		f    func()
		want float64
	}{
		{"ParseForm plain", func() {
			for k, v := range ParseForm("a=1&b=2&c=\u00e9&&d") {
				sinkString, sinkString = k, v
			}
		}, 0},
		{"ParseForm escapes", func() {
			for k, v := range ParseForm("a=%201&b+c=2&c=3+4&d=%C3%A9") {
				sinkString, sinkString = k, v
			}
		}, 1},
		{"QueryParams", func() {
			for k, v := range u.QueryParams() {
				sinkString, sinkString = k, v
			}
		}, 1},
		{"QueryParam plain", func() { sinkString, _ = u.QueryParam("a") }, 0},
		{"FormParam plain", func() { sinkString, _ = u.FormParam("c") }, 0},
		{"WithQueryParam", func() { sinkURI = u.WithQueryParam("a", "2") }, 1},
		{"AddQueryParam", func() { sinkURI = u.AddQueryParam("a", "2") }, 1},
		{"WithoutQueryParam", func() { sinkURI = u.WithoutQueryParam("a") }, 1},
		{"WithoutQueryParam absent", func() { sinkURI = u.WithoutQueryParam("z") }, 0},
		{"WithoutQueryParamFunc", func() {
			sinkURI = u.WithoutQueryParamFunc(func(k string) bool { return strings.HasPrefix(k, "utm_") })
		}, 1},
		{"Encode form", func() { sinkString = Encode("a b", ComponentForm) }, 1},
	} {
		if got := testing.AllocsPerRun(100, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}

// ---- Fuzzing

// FuzzParseForm checks ParseForm against the slow transcription of the
// Standard, that every name and value is valid UTF-8, that it yields one
// pair per non-empty piece, that what EncodeForm writes from the pairs
// reads back as the same pairs, and that where net/url's reading is
// defined (no ';', no stray '%', valid UTF-8) net/url reads the same.
func FuzzParseForm(f *testing.F) {
	for _, r := range readQueryCases(f) {
		for _, s := range r.in {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, q string) {
		got := pairList(ParseForm(q))
		if want := parseFormSlow(q); !slices.Equal(got, want) {
			t.Fatalf("ParseForm(%q) = %q, the Standard's steps give %q", q, got, want)
		}
		n := 0
		for _, p := range strings.Split(q, "&") {
			if p != "" {
				n++
			}
		}
		if len(got) != 2*n {
			t.Fatalf("ParseForm(%q): %d pairs for %d pieces", q, len(got)/2, n)
		}
		for _, s := range got {
			if !utf8.ValidString(s) {
				t.Fatalf("ParseForm(%q) yields invalid UTF-8 %q", q, s)
			}
		}
		// FormParamAll and QueryParamAll read what the iterators read.
		u := URI{HasQuery: true, Query: q}
		checkAll(t, q, got, u.FormParamAll, u.FormParam)
		checkAll(t, q, pairList(u.QueryParams()), u.QueryParamAll, u.QueryParam)
		enc := EncodeForm(flatPairs(got))
		if back := pairList(ParseForm(enc)); !slices.Equal(back, got) {
			t.Fatalf("EncodeForm(ParseForm(%q)) = %q, which reads as %q, not %q", q, enc, back, got)
		}
		if enc2 := EncodeForm(ParseForm(enc)); enc2 != enc {
			t.Fatalf("EncodeForm is not stable on %q: %q", enc, enc2)
		}
		if _, err := Parse("?" + enc); err != nil {
			t.Fatalf("EncodeForm wrote %q, not a query: %v", enc, err)
		}
		if d, err := Decode(q); err == nil && utf8.ValidString(d) && !strings.Contains(q, ";") {
			vals, err := url.ParseQuery(q)
			if err != nil {
				t.Fatalf("net/url rejects %q: %v", q, err)
			}
			for i := 0; i < len(got); i += 2 {
				if !slices.Contains(vals[got[i]], got[i+1]) {
					t.Fatalf("net/url reads %q as %v, without %q=%q", q, vals, got[i], got[i+1])
				}
			}
		}
	})
}

// FuzzEncodeForm checks that ParseForm reads what EncodeForm writes back
// as the pairs (with U+FFFD for invalid UTF-8, as the Standard's strings
// cannot hold it), that net/url reads back the exact bytes, and that the
// two sets write text each component accepts.
func FuzzEncodeForm(f *testing.F) {
	f.Add("a b", "dark blue & ~tilde* 'q'", "é", "\xff")
	f.Add("", "", "=", "&")
	f.Add("+", "%", "%41", "\xe2\x82")
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2 string) {
		pairs := []string{k1, v1, k2, v2}
		enc := EncodeForm(flatPairs(pairs))
		want := make([]string, len(pairs))
		for i, s := range pairs {
			want[i] = utf8DecodeSlow([]byte(s))
		}
		if got := pairList(ParseForm(enc)); !slices.Equal(got, want) {
			t.Fatalf("EncodeForm(%q) = %q, read back as %q", pairs, enc, got)
		}
		vals, err := url.ParseQuery(enc)
		if err != nil {
			t.Fatalf("net/url rejects %q: %v", enc, err)
		}
		for i := 0; i < len(pairs); i += 2 {
			if !slices.Contains(vals[pairs[i]], pairs[i+1]) {
				t.Fatalf("net/url reads %q as %v, without %q=%q", enc, vals, pairs[i], pairs[i+1])
			}
		}
		for _, s := range pairs {
			checkEncoded(t, s, ComponentForm)
			checkEncoded(t, s, ComponentUnreserved)
		}
	})
}

// FuzzQueryEdit applies each edit to a parsed URI and checks, against a
// slow model of the query as a list of pieces, that the result passes
// Validate, that it changes only the pairs the edit names (every other
// piece is there, byte for byte, in order), and that the pair it wrote
// reads back as its data, by QueryParam, ParseForm and net/url.
func FuzzQueryEdit(f *testing.F) {
	for _, r := range readQueryCases(f) {
		if len(r.in) >= 2 && CheckComponent(r.in[0], ComponentQuery) == nil {
			f.Add(r.in[0], r.in[1], r.in[len(r.in)-1])
		}
	}
	f.Fuzz(func(t *testing.T, q, key, value string) {
		u, err := Parse("http://h/?" + q + "#f")
		if err != nil {
			return
		}
		q = u.Query
		in := piecesOf(q)
		// A piece names key when its key reads as key as RFC 3986 reads
		// it or as a form does ('+' a space, invalid UTF-8 U+FFFD).
		readings := func(p string) (rfc, form string) {
			k, _, _ := strings.Cut(p, "=")
			rfc, _ = Decode(k)
			return rfc, utf8DecodeSlow(percentDecodeSlow(strings.ReplaceAll(k, "+", " ")))
		}
		named := func(p string, is func(string) bool) bool {
			rfc, form := readings(p)
			return p != "" && (is(rfc) || is(form))
		}
		matches := func(p string) bool { return named(p, func(k string) bool { return k == key }) }
		pair := Encode(key, ComponentQueryValue) + "=" + Encode(value, ComponentQueryValue)

		// The model's answers.
		var with, without, prefix []string
		placed := false
		for _, p := range in {
			if matches(p) {
				if !placed {
					with, placed = append(with, pair), true
				}
				continue
			}
			with, without = append(with, p), append(without, p)
		}
		if !placed {
			with = append(with, pair)
		}
		hasPrefix := func(k string) bool { return strings.HasPrefix(k, key) }
		for _, p := range in {
			if !named(p, hasPrefix) {
				prefix = append(prefix, p)
			}
		}
		add := append(slices.Clone(in), pair)

		for _, tt := range []struct {
			name string
			got  URI
			want []string
		}{
			{"WithQueryParam", u.WithQueryParam(key, value), with},
			{"AddQueryParam", u.AddQueryParam(key, value), add},
			{"WithoutQueryParam", u.WithoutQueryParam(key), without},
			{"WithoutQueryParamFunc", u.WithoutQueryParamFunc(hasPrefix), prefix},
		} {
			if err := tt.got.Validate(); err != nil {
				t.Fatalf("%s(%q) on %q: invalid %q: %v", tt.name, key, q, tt.got, err)
			}
			if tt.got.Query != strings.Join(tt.want, "&") {
				t.Fatalf("%s(%q, %q) on %q = %q, want %q", tt.name, key, value, q, tt.got.Query, strings.Join(tt.want, "&"))
			}
			v := tt.got
			v.Query, v.HasQuery = u.Query, u.HasQuery
			if v != u || !tt.got.HasQuery && u.HasQuery {
				t.Fatalf("%s changed more than the query: %q to %q", tt.name, u, tt.got)
			}
		}

		// The pair WithQueryParam wrote reads back as its data.
		w := u.WithQueryParam(key, value)
		if all := w.QueryParamAll(key); len(all) != 1 || all[0] != value {
			t.Fatalf("WithQueryParam(%q, %q) on %q: QueryParamAll = %q", key, value, q, all)
		}
		if all := u.WithoutQueryParam(key).QueryParamAll(key); all != nil {
			t.Fatalf("WithoutQueryParam(%q) on %q leaves %q", key, q, all)
		}
		// Issue 29, row 9: after a removal no pair reads as the key in
		// either reading, after a set exactly one does; checked with the
		// package's own readers and the slow model's.
		count := func(v URI) (n int) {
			for _, p := range piecesOf(v.Query) {
				if matches(p) {
					n++
				}
			}
			return n
		}
		wo := u.WithoutQueryParam(key)
		if n := count(wo); n != 0 || wo.FormParamAll(key) != nil {
			t.Fatalf("WithoutQueryParam(%q) on %q = %q: %d pairs read as the key, FormParamAll %q", key, q, wo.Query, n, wo.FormParamAll(key))
		}
		if n := count(w); n != 1 {
			t.Fatalf("WithQueryParam(%q, %q) on %q = %q: %d pairs read as the key", key, value, q, w.Query, n)
		}
		if all := w.FormParamAll(key); utf8.ValidString(key) && utf8.ValidString(value) && (len(all) != 1 || all[0] != value) {
			t.Fatalf("WithQueryParam(%q, %q) on %q = %q: FormParamAll = %q", key, value, q, w.Query, all)
		}
		if n := count(u.WithoutQueryParamFunc(func(k string) bool { return k == key })); n != 0 {
			t.Fatalf("WithoutQueryParamFunc(== %q) on %q leaves %d pairs of the key", key, q, n)
		}
		if utf8.ValidString(key) && utf8.ValidString(value) && !hasPair(pairList(ParseForm(w.Query)), key, value) {
			t.Fatalf("ParseForm does not read %q=%q back from %q", key, value, w.Query)
		}
		if vals, _ := url.ParseQuery(w.Query); !slices.Contains(vals[key], value) {
			t.Fatalf("net/url does not read %q=%q back from %q: %v", key, value, w.Query, vals)
		}

		// SortQueryParams: the same non-empty pieces, in the stable order
		// of their names read as ParseForm reads them, in UTF-16 units.
		s := u.SortQueryParams()
		if err := s.Validate(); err != nil {
			t.Fatalf("SortQueryParams on %q: invalid %q", q, s)
		}
		var nonEmpty []string
		for _, p := range in {
			if p != "" {
				nonEmpty = append(nonEmpty, p)
			}
		}
		name := func(p string) []uint16 {
			k, _, _ := strings.Cut(p, "=")
			return utf16.Encode([]rune(utf8DecodeSlow(percentDecodeSlow(strings.ReplaceAll(k, "+", " ")))))
		}
		slices.SortStableFunc(nonEmpty, func(a, b string) int { return slices.Compare(name(a), name(b)) })
		if got := piecesOf(s.Query); !slices.Equal(got, nonEmpty) {
			t.Fatalf("SortQueryParams(%q) = %q, want %q", q, s.Query, strings.Join(nonEmpty, "&"))
		}
	})
}

// checkAll checks all and first, the All and the one-value lookups of a
// reading, against pairs, the flat list its iterator yields for query q.
func checkAll(t *testing.T, q string, pairs []string, all func(string) []string, first func(string) (string, bool)) {
	t.Helper()
	for i := 0; i < len(pairs) && i < 16; i += 2 {
		var want []string
		for j := 0; j < len(pairs); j += 2 {
			if pairs[j] == pairs[i] {
				want = append(want, pairs[j+1])
			}
		}
		if got := all(pairs[i]); !slices.Equal(got, want) {
			t.Fatalf("%q: the values of %q are %q, the iterator reads %q", q, pairs[i], got, want)
		}
		if v, ok := first(pairs[i]); !ok || v != want[0] {
			t.Fatalf("%q: the first value of %q is %q, %v; the iterator reads %q", q, pairs[i], v, ok, want[0])
		}
	}
}

// hasPair reports whether the flat pair list l holds key=value.
func hasPair(l []string, key, value string) bool {
	for i := 0; i+1 < len(l); i += 2 {
		if l[i] == key && l[i+1] == value {
			return true
		}
	}
	return false
}

// piecesOf splits a query on '&', the model of the edits: no pieces for
// the empty query.
func piecesOf(q string) []string {
	if q == "" {
		return nil
	}
	return strings.Split(q, "&")
}

func init() {
	hostileEntries = append(hostileEntries,
		hostileEntry{"ParseForm", func(u URI, s string) {
			for k, v := range ParseForm(s) {
				sinkString, sinkString = k, v
			}
			for k, v := range ParseForm(u.Query) {
				sinkString, sinkString = k, v
			}
		}},
		hostileEntry{"QueryParamAll", func(u URI, s string) { sinkBool = u.QueryParamAll("a") != nil }},
		hostileEntry{"FormParamAll", func(u URI, s string) { sinkBool = u.FormParamAll("a") != nil }},
		hostileEntry{"WithQueryParam", func(u URI, s string) { sinkURI = u.WithQueryParam("a", s[:min(len(s), 100)]) }},
		hostileEntry{"AddQueryParam", func(u URI, s string) { sinkURI = u.AddQueryParam("a", "b") }},
		hostileEntry{"WithoutQueryParam", func(u URI, s string) { sinkURI = u.WithoutQueryParam("a") }},
		hostileEntry{"WithoutQueryParamFunc", func(u URI, s string) {
			sinkURI = u.WithoutQueryParamFunc(func(k string) bool { return k != "" })
		}},
		hostileEntry{"SortQueryParams", func(u URI, s string) { sinkURI = u.SortQueryParams() }},
	)
	// EncodeForm is not here: it writes pairs from an iterator whose length
	// it cannot know, into a buffer that grows by doubling, so its
	// allocations grow as the logarithm of the output (23 at 100 KB, 15 at
	// 10 KB), its bytes stay within twice the output.
	// SortQueryParams keeps two strings (32 bytes) per pair of the query to
	// sort them; on the "a=%41&" shape, 6 bytes a pair, that is about 5.3
	// bytes per byte, and at worst ("a&a&a...") 16.
	hostileBytesPerByte["SortQueryParams"] = 8
}
