package uri

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// endpointDecoders are the ways text reaches an Endpoint; each must give
// ParseEndpoint's answer.
var endpointDecoders = map[string]func(e *Endpoint, s string) error{
	"UnmarshalText":   func(e *Endpoint, s string) error { return e.UnmarshalText([]byte(s)) },
	"UnmarshalBinary": func(e *Endpoint, s string) error { return e.UnmarshalBinary([]byte(s)) },
	"Scan string":     func(e *Endpoint, s string) error { return e.Scan(s) },
	"Scan []byte":     func(e *Endpoint, s string) error { return e.Scan([]byte(s)) },
	"json": func(e *Endpoint, s string) error {
		b, _ := json.Marshal(map[string]string{"api": s})
		var cfg struct{ API *Endpoint }
		cfg.API = e
		return json.Unmarshal(b, &cfg)
	},
	"xml": func(e *Endpoint, s string) error {
		b, _ := xml.Marshal(struct {
			XMLName xml.Name `xml:"config"`
			API     string   `xml:"api,attr"`
		}{API: s})
		var cfg struct {
			XMLName xml.Name  `xml:"config"`
			API     *Endpoint `xml:"api,attr"`
		}
		cfg.API = e
		return xml.Unmarshal(b, &cfg)
	},
}

// TestEndpoint runs testdata/endpoint.txt through ParseEndpoint and every
// decoder of Endpoint.
func TestEndpoint(t *testing.T) {
	rows := 0
	for _, c := range caseLines(t, "testdata/endpoint.txt") {
		if c.verb != "endpoint" {
			continue
		}
		where, f := c.where, c.f
		if len(f) < 3 || f[1] != "->" {
			t.Fatalf("%s: want endpoint \"text\" -> ...", where)
		}
		rows++
		in := f[0]
		e, err := ParseEndpoint(in)
		if f[2] == "ok" {
			if u, perr := ParseAbsolute(in); err != nil || e.URI != u || e.String() != in || perr != nil {
				t.Errorf("%s: ParseEndpoint(%q) = %q, %v; want the absolute URI %q", where, in, e, err, u)
			}
		} else {
			var pe *Error
			want, _ := strconv.Atoi(f[4])
			if !errors.As(err, &pe) || !errors.Is(err, sentinels[f[3]]) || pe.Offset != want || pe.Input != in || e != (Endpoint{}) {
				t.Errorf("%s: ParseEndpoint(%q) = %q, %#v; want an *Error wrapping %v at offset %d", where, in, e, err, sentinels[f[3]], want)
			}
		}
		for name, decode := range endpointDecoders {
			before := Endpoint{MustParse("http://before/")}
			got := before
			derr := decode(&got, in)
			switch {
			case err == nil && (derr != nil || got != e):
				t.Errorf("%s: %s(%q) = %q, %v; want %q", where, name, in, got, derr, e)
			case err != nil && (derr == nil || got != before):
				t.Errorf("%s: %s(%q) = %q, %v; want the field unchanged and an error", where, name, in, got, derr)
			case err != nil && name != "json" && name != "xml":
				var de, pe *Error
				if !errors.As(derr, &de) || !errors.As(err, &pe) || *de != *pe {
					t.Errorf("%s: %s(%q) fails with %#v, ParseEndpoint with %#v", where, name, in, derr, err)
				}
			}
		}
		// flag.TextVar: a bad value is an error, and the default stays.
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		def := Endpoint{MustParse("http://default/")}
		var got Endpoint
		fs.TextVar(&got, "api", def, "the API's URL")
		if ferr := fs.Parse([]string{"-api", in}); (ferr == nil) != (err == nil) || err == nil && got != e || err != nil && got != def {
			t.Errorf("%s: flag -api %q: %q, %v; want %q, %v", where, in, got, ferr, e, err)
		}
	}
	t.Logf("%d endpoints", rows)
}

// TestEndpointJSONAbsent checks what decoding does not reach: a missing
// key and null leave the field as it was, as for any encoding.TextUnmarshaler.
func TestEndpointJSONAbsent(t *testing.T) {
	for _, in := range []string{`{}`, `{"api": null}`} {
		var cfg struct {
			API Endpoint `json:"api"`
		}
		if err := json.Unmarshal([]byte(in), &cfg); err != nil || cfg.API != (Endpoint{}) {
			t.Errorf("json.Unmarshal(%s) = %q, %v; want the zero Endpoint and no error", in, cfg.API, err)
		}
	}
	var e Endpoint
	if err := e.Scan(nil); err == nil {
		t.Error("Scan(nil): no error, want one (SQL NULL)")
	}
	if err := e.Scan(42); err == nil {
		t.Error("Scan(42): no error")
	}
}

// TestEndpointOmit pins how encoding/json's omitempty and omitzero treat a
// URI and an Endpoint, as Endpoint's doc says: omitzero leaves a zero
// value out, omitempty never does, and a zero Endpoint written as ""
// does not read back.
func TestEndpointOmit(t *testing.T) {
	type config struct {
		U  URI      `json:"u"`
		UE URI      `json:"ue,omitempty"`
		UZ URI      `json:"uz,omitzero"`
		E  Endpoint `json:"e"`
		EE Endpoint `json:"ee,omitempty"`
		EZ Endpoint `json:"ez,omitzero"`
	}
	b, err := json.Marshal(config{})
	if want := `{"u":"","ue":"","e":"","ee":""}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal of zero values = %s, %v; want %s", b, err, want)
	}
	var back config
	if err := json.Unmarshal(b, &back); !errors.Is(err, ErrScheme) {
		t.Errorf("json.Unmarshal(%s) = %v; want the zero Endpoint's \"\" rejected", b, err)
	}
	type zeroed struct {
		U URI      `json:"u,omitzero"`
		E Endpoint `json:"e,omitzero"`
	}
	b, err = json.Marshal(zeroed{})
	if err != nil || string(b) != `{}` {
		t.Errorf("json.Marshal of zero values with omitzero = %s, %v; want {}", b, err)
	}
	var z zeroed
	if err := json.Unmarshal(b, &z); err != nil || z != (zeroed{}) {
		t.Errorf("json.Unmarshal(%s) = %v, %v: want the zero values back", b, z, err)
	}
	e, _ := ParseEndpoint("https://example.com/")
	full := config{U: e.URI, UE: e.URI, UZ: e.URI, E: e, EE: e, EZ: e}
	b, err = json.Marshal(full)
	if want := `{"u":"https://example.com/","ue":"https://example.com/","uz":"https://example.com/","e":"https://example.com/","ee":"https://example.com/","ez":"https://example.com/"}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	if err := json.Unmarshal(b, &back); err != nil || back != full {
		t.Errorf("json.Unmarshal(%s) = %+v, %v", b, back, err)
	}
}

// FuzzParseEndpoint checks ParseEndpoint against its definition: it
// accepts exactly the absolute URIs with a non-empty host and an empty
// port or one DialAddr dials (1 to 65535), returns ParseAbsolute's URI for them, and an *Error into the
// input otherwise.
func FuzzParseEndpoint(f *testing.F) {
	addSeeds(f, "testdata/endpoint.txt", "endpoint")
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEndpoint(s)
		u, aerr := ParseAbsolute(s)
		port, portOK := u.PortNumber()
		want := aerr == nil && u.HasAuthority && u.Host != "" && (u.Port == "" || portOK && port != 0)
		if want && u.Port != "" {
			// a port DialAddr dials, as it dials it
			if a, err := u.DialAddr(); err == nil && !strings.HasSuffix(a, ":"+strconv.Itoa(int(port))) {
				t.Fatalf("ParseEndpoint(%q): DialAddr %q, port %d", s, a, port)
			}
		}
		if (err == nil) != want {
			t.Fatalf("ParseEndpoint(%q) = %q, %v; ParseAbsolute gives %#v, %v", s, e, err, u, aerr)
		}
		if err == nil {
			if e.URI != u {
				t.Fatalf("ParseEndpoint(%q) = %#v, ParseAbsolute %#v", s, e.URI, u)
			}
			return
		}
		var pe *Error
		if !errors.As(err, &pe) || pe.Input != s || pe.Offset < 0 || pe.Offset > len(s) || e != (Endpoint{}) {
			t.Fatalf("ParseEndpoint(%q) = %q, %#v; want an *Error into the input", s, e, err)
		}
		if ae := (*Error)(nil); aerr != nil && s != "" && (!errors.As(aerr, &ae) || ae.Offset != pe.Offset || ae.Err != pe.Err) {
			t.Fatalf("ParseEndpoint(%q) = %v; ParseAbsolute fails with %v", s, err, aerr)
		}
	})
}

// redactCases are values with passwords and what RedactAttr makes of
// them, as slog's text handler prints them.
var redactCases = []struct {
	name  string
	value any
	want  string // the attribute "v" as the text handler prints it
}{
	{"URI", MustParse("https://u:secret@h/"), "v=https://u:xxxxx@h/"},
	{"URI without password", MustParse("https://u@h/"), "v=https://u@h/"},
	{"Endpoint", Endpoint{MustParse("postgres://app:secret@db/app")}, "v=postgres://app:xxxxx@db/app"},
	{"*url.URL", &url.URL{Scheme: "https", User: url.UserPassword("u", "secret"), Host: "h", Path: "/"}, "v=https://u:xxxxx@h/"},
	{"url.URL", url.URL{Scheme: "https", User: url.UserPassword("u", "secret"), Host: "h"}, "v=https://u:xxxxx@h"},
	{"nil *url.URL", (*url.URL)(nil), "v=<nil>"},
	{"*url.Userinfo", url.UserPassword("u", "secret"), "v=u:xxxxx"},
	{"string", "postgres://app:secret@db/app", "v=postgres://app:xxxxx@db/app"},
	{"string with '@' in the password", "postgres://app:sec@ret/x@db/app", "v=postgres://app:xxxxx@db/app"},
	{"string, web form", "https:u:secret@h/", `v=https:u:xxxxx@h/`},
	{"string without password", "https://example.com/a@b", "v=https://example.com/a@b"},
	{"MySQL DSN", "app:secret@tcp(db)/app", "v=app:secret@tcp(db)/app"},
	{"[]byte", []byte("redis://:secret@cache/0"), "v=redis://:xxxxx@cache/0"},
	{"error", fmt.Errorf("get %s: refused", MustParse("https://u:secret@h/")), `v="get https://u:xxxxx@h/: refused"`},
	{"struct", struct {
		API     Endpoint
		DSN     string
		Timeout time.Duration
		private string
	}{Endpoint{MustParse("https://u:secret@api/")}, "postgres://a:secret@db/x", 5 * time.Second, "https://u:secret@h/"},
		"v.API=https://u:xxxxx@api/ v.DSN=postgres://a:xxxxx@db/x v.Timeout=5s"},
	{"pointer to struct", &struct{ URL *url.URL }{&url.URL{Scheme: "http", User: url.UserPassword("u", "secret"), Host: "h"}}, "v.URL=http://u:xxxxx@h"},
	{"struct with String", stringerConfig{MustParse("https://u:secret@h/")}, "v.U=https://u:xxxxx@h/"},
	{"slice", []URI{MustParse("https://u:secret@a/"), MustParse("https://b/")}, "v.0=https://u:xxxxx@a/ v.1=https://b/"},
	{"empty slice", []URI{}, "v=[]"},
	{"map", map[string]URI{"a": MustParse("https://u:secret@a/")}, "v=map[a:https://u:xxxxx@a/]"},
	// issue 29, row 8: the hostless form, which the URL Standard reads
	// with credentials after a special scheme, in longer text too
	{"error, hostless form", errors.New("dial http:admin:hunter2@db.example/: refused"), `v="dial http:admin:xxxxx@db.example/: refused"`},
	{"map, hostless form", map[string]string{"db": "http:admin:secret@db.example/"}, "v=map[db:http:admin:xxxxx@db.example/]"},
	{"string, hostless form inside", "retrying FTP:u:secret@files.example/x in 5s", `v="retrying FTP:u:xxxxx@files.example/x in 5s"`},
	{"string, hostless form with a tab", "(ws\ts:u:secret@h/)", `v="(ws\ts:u:xxxxx@h/)"`},
	{"string, not a special scheme", "xhttp:u:secret@h/", "v=xhttp:u:secret@h/"},
	{"nil *URI field", struct {
		U *URI
		E *Endpoint
		S string
	}{nil, nil, "https:u:secret@h/"}, "v.U=<nil> v.E=<nil> v.S=https:u:xxxxx@h/"},
	{"time", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), "v=2026-01-02T03:04:05.000Z"},
	{"int", 42, "v=42"},
	{"nil", nil, "v=<nil>"},
	{"group", slog.GroupValue(slog.String("dsn", "postgres://a:secret@db/x")), "v.dsn=postgres://a:xxxxx@db/x"},
	{"deep", deep(12, "https://u:secret@h/"), "v.N.N.N.N.N.N.N.N.N.N=" + `"&{N:0x`},
}

// stringerConfig has a String method that hides its fields, which slog's
// JSON handler would print all the same.
type stringerConfig struct{ U URI }

func (stringerConfig) String() string { return "config" }

// nest is a struct nested n deep, for the depth limit.
type nest struct {
	N *nest
	S string
}

func deep(n int, s string) *nest {
	v := &nest{S: s}
	for range n {
		v = &nest{N: v}
	}
	return v
}

// logRedacted logs v as the attribute "v" with the text and the JSON
// handlers, both with RedactAttr, and returns both outputs.
func logRedacted(v any) (text, js string) {
	var tb, jb bytes.Buffer
	opts := &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if len(groups) == 0 && (a.Key == slog.TimeKey || a.Key == slog.LevelKey || a.Key == slog.MessageKey) {
			return slog.Attr{}
		}
		return RedactAttr(groups, a)
	}}
	slog.New(slog.NewTextHandler(&tb, opts)).Info("", "v", v)
	slog.New(slog.NewJSONHandler(&jb, opts)).Info("", "v", v)
	return strings.TrimSpace(tb.String()), strings.TrimSpace(jb.String())
}

// TestRedactAttr logs each value of redactCases with both handlers: the
// text output is the one listed, and neither output holds a password.
func TestRedactAttr(t *testing.T) {
	for _, c := range redactCases {
		text, js := logRedacted(c.value)
		if c.name == "deep" {
			text = text[:min(len(text), len(c.want))]
		}
		if text != c.want {
			t.Errorf("%s: the text handler prints %s, want %s", c.name, text, c.want)
		}
		if strings.Contains(text+js, "panicked") {
			t.Errorf("%s: a LogValue panicked:\n%s\n%s", c.name, text, js)
		}
		keeps := c.name == "MySQL DSN" || c.name == "string, not a special scheme"
		if strings.Contains(text, "secret") && !keeps || strings.Contains(js, "secret") && !keeps {
			t.Errorf("%s: a password is logged:\n%s\n%s", c.name, text, js)
		}
	}
}

// TestRedactAttrAllocs pins what RedactAttr's doc says: no allocation for
// attributes without a password that are not structs, slices or maps.
func TestRedactAttrAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	attrs := []slog.Attr{
		slog.String("path", "/api/v1/users/42"), slog.String("user", "bob@example.com"),
		slog.String("link", "https://example.com/a@b"), slog.Int("status", 200), slog.Bool("ok", true),
		slog.Duration("took", time.Second), slog.Time("at", time.Unix(0, 0)), slog.Any("level", slog.LevelInfo),
	}
	for _, a := range attrs {
		if n := testing.AllocsPerRun(100, func() { sinkString = RedactAttr(nil, a).Key }); n != 0 {
			t.Errorf("RedactAttr(%v): %v allocations, want 0", a, n)
		}
	}
}

// TestLogValueClaims pins what URI.LogValue's doc says: without
// RedactAttr, slog logs a URI without its password as an attribute's
// value and a group member's, and with it inside a struct, a slice or a
// map, with either handler; fmt, MarshalText and error messages print it.
func TestLogValueClaims(t *testing.T) {
	u := MustParse("https://u:secret@h/")
	for _, c := range []struct {
		name     string
		attr     slog.Attr
		password bool // the password is logged
	}{
		{"attribute", slog.Any("v", u), false},
		{"group member", slog.Group("v", "u", u), false},
		{"Endpoint", slog.Any("v", Endpoint{u}), false},
		{"struct", slog.Any("v", struct{ U URI }{u}), true},
		{"pointer to struct", slog.Any("v", &struct{ U URI }{u}), true},
		{"slice", slog.Any("v", []URI{u}), true},
		{"map", slog.Any("v", map[string]URI{"u": u}), true},
		{"String", slog.String("v", u.String()), true},
		{"error", slog.Any("v", fmt.Errorf("get %v: refused", u)), true},
	} {
		for _, h := range []func(io.Writer) slog.Handler{
			func(w io.Writer) slog.Handler { return slog.NewTextHandler(w, nil) },
			func(w io.Writer) slog.Handler { return slog.NewJSONHandler(w, nil) },
		} {
			var b bytes.Buffer
			slog.New(h(&b)).LogAttrs(context.Background(), slog.LevelInfo, "", c.attr)
			if got := strings.Contains(b.String(), "secret"); got != c.password {
				t.Errorf("%s: the password is logged: %v, want %v (update LogValue's doc):\n%s", c.name, got, c.password, b.String())
			}
		}
	}
	text, _ := u.MarshalText()
	for _, s := range []string{fmt.Sprint(u), fmt.Sprintf("%+v", struct{ U URI }{u}), string(text)} {
		if !strings.Contains(s, "secret") {
			t.Errorf("%q: the password is not printed (update LogValue's doc)", s)
		}
	}
}

// FuzzRedactAttr checks that no password reaches either handler, for a URI
// built from any user, password, host and path, held in each of the forms
// RedactAttr reads, and that text without an '@' is never changed.
func FuzzRedactAttr(f *testing.F) {
	f.Add("u", "p", "h", "a", "plain text")
	f.Add("", ":@/", "example.com", "a@b:c", "see //x: y")
	f.Add("u:v", "p@q", "h", "", "https://example.com/")
	f.Add("admin", "hunter2", "db.example", "", "dial")
	f.Add("admin", "hunter2", "db.example", "x", "map[k:")
	f.Add("u", "p", "h", "", "a\tb")
	f.Fuzz(func(t *testing.T, user, pass, host, path, text string) {
		fuzzRedactAttr(t, user, pass, host, path, text)
	})
}

// fuzzRedactAttr is FuzzRedactAttr's property check.
func fuzzRedactAttr(t testing.TB, user, pass, host, path, text string) {
	const marker = "Zq7"
	u := URI{Scheme: "https", HasAuthority: true, HasUserinfo: true,
		Userinfo: Encode(user, ComponentUserinfo) + ":" + marker + Encode(pass, ComponentUserinfo),
		Host:     Encode(host, ComponentHost), Path: "/" + Encode(path, ComponentPathSegment)}
	s := u.String()
	if u.Validate() != nil || strings.Count(s, marker) != 1 || strings.Contains(user, ":") {
		return
	}
	values := []any{u, Endpoint{u}, s, []byte(s), u.URL(), *u.URL(), errors.New("get " + s + ": refused"),
		struct{ A, B URI }{u, u}, &struct{ S string }{s}, []URI{u, u}, map[string]string{"k": s},
		struct{ L []*url.URL }{[]*url.URL{u.URL()}}, stringerConfig{u}, slog.GroupValue(slog.String("s", s))}
	// The hostless form (issue 29, row 8), which the URL Standard reads
	// with the same credentials, after any text and a space, in an error,
	// a map value and a string: "dial http:u:pw@h/: refused".
	schemes := []string{"https", "http", "HTTP", "ws", "wss", "ftp", "ht\ttp"}
	hostless := schemes[len(text)%len(schemes)] + ":" + u.Userinfo + "@" + u.Host + u.Path
	values = append(values, hostless, text+" "+hostless, errors.New("dial "+hostless+": refused"),
		fmt.Errorf("%s %s: refused", text, hostless), map[string]string{"k": hostless}, map[string]any{"k": []string{text, hostless}},
		struct {
			U *URI
			S string
		}{nil, text + " " + hostless})
	for i, v := range values {
		text, js := logRedacted(v)
		if strings.Contains(text, marker) || strings.Contains(js, marker) || strings.Contains(text+js, "LogValue panicked") {
			t.Fatalf("value %d (%T) of %q logs the password:\n%s\n%s", i, v, s, text, js)
		}
	}
	if !strings.Contains(text, "@") {
		if a := RedactAttr(nil, slog.String("k", text)); a.Value.String() != text {
			t.Fatalf("RedactAttr changed %q, which has no '@', to %q", text, a.Value.String())
		}
	}
	a := RedactAttr(nil, slog.String("k", text))
	if b := RedactAttr(nil, a); b.Value.String() != a.Value.String() {
		t.Fatalf("RedactAttr is not idempotent on %q: %q, then %q", text, a.Value.String(), b.Value.String())
	}
}

func init() {
	hostileEntries = append(hostileEntries,
		hostileEntry{"ParseEndpoint", func(u URI, s string) { _, sinkErr = ParseEndpoint(s) }},
		hostileEntry{"RedactAttr", func(u URI, s string) {
			sinkString = RedactAttr(nil, slog.String("s", s)).Value.String()
			sinkString = RedactAttr(nil, slog.Any("u", struct{ U URI }{u})).Value.Group()[0].Value.String()
		}},
	)
	// RedactAttr writes the URI's Redacted text and masks the string.
	hostileBytesPerByte["RedactAttr"] = 8
}
