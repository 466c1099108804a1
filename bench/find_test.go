package bench

import (
	"strings"
	"testing"

	"github.com/seed0915fd1c/uri"
	"mvdan.cc/xurls/v2"
)

// The Appendix C comparison: mvdan.cc/xurls/v2's Strict regular
// expression against uri.Find, on the corpus URLs embedded in prose, in
// the same run.

func prose(tb testing.TB) string {
	var b strings.Builder
	forms := []string{"See %s, and then the rest of it. ", "Links (%s) work too. ", "Read <%s> now. ", "It says \"%s\". ", "%s\n"}
	for i, s := range corpus(tb) {
		b.WriteString(strings.Replace(forms[i%len(forms)], "%s", s, 1))
	}
	return b.String()
}

// proseScripts embeds the corpus URLs in prose in other scripts, with the
// punctuation those scripts put around links: Japanese and Chinese text
// without spaces, CJK brackets, curly quotes, guillemets, Cyrillic.
func proseScripts(tb testing.TB) string {
	var b strings.Builder
	forms := []string{"詳細は%sを参照してください。", "「%s」と書いてあります。", "“%s” is quoted. ", "Ссылка: «%s», дальше. ", "请访问 %s 了解更多，谢谢！", "%s\n"}
	for i, s := range corpus(tb) {
		b.WriteString(strings.Replace(forms[i%len(forms)], "%s", s, 1))
	}
	return b.String()
}

// TestSameResultsFind compares what the two find in the prose: how many
// matches each has, and how many of xurls' are not URIs.
func TestSameResultsFind(t *testing.T) {
	text := prose(t)
	var ours []string
	for m := range uri.Find(text) {
		ours = append(ours, m.URI.String())
	}
	theirs := xurls.Strict().FindAllString(text, -1)
	invalid := 0
	for _, s := range theirs {
		if !uri.Valid(s) {
			invalid++
		}
	}
	t.Logf("%d bytes of prose: uri.Find %d matches, all URIs; xurls.Strict %d matches, %d of them not URIs", len(text), len(ours), len(theirs), invalid)
	scripts := proseScripts(t)
	n0, n1 := 0, 0
	for range uri.Find(scripts) {
		n0++
	}
	for range (uri.Finder{IRI: true}).Find(scripts) {
		n1++
	}
	theirs = xurls.Strict().FindAllString(scripts, -1)
	invalid = 0
	for _, s := range theirs {
		if !uri.Valid(s) {
			invalid++
		}
	}
	t.Logf("%d bytes of prose in other scripts: uri.Find %d matches, Finder{IRI: true} %d; xurls.Strict %d matches, %d of them not URIs", len(scripts), n0, n1, len(theirs), invalid)
	appendixC := "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n   but you can probably pick it up from <ftp://foo.example.\n   com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING>."
	n := 0
	for range uri.Find(appendixC) {
		n++
	}
	t.Logf("RFC 3986, Appendix C's example: uri.Find %d URIs, xurls.Strict %q", n, xurls.Strict().FindAllString(appendixC, -1))
	if n != 3 {
		t.Errorf("uri.Find finds %d URIs in Appendix C's example, want 3", n)
	}
}

// BenchmarkFind runs uri.Find and xurls' Strict regular expression on the
// same prose: "ascii" is English prose, "scripts" prose in other scripts
// (uri-iri is Finder{IRI: true}).
func BenchmarkFind(b *testing.B) {
	for _, in := range []struct {
		name string
		text string
	}{{"ascii", prose(b)}, {"scripts", proseScripts(b)}} {
		text := in.text
		for _, v := range []struct {
			name string
			f    uri.Finder
		}{{"uri", uri.Finder{}}, {"uri-iri", uri.Finder{IRI: true}}} {
			b.Run(in.name+"/"+v.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					for m := range v.f.Find(text) {
						_ = m
					}
				}
			})
		}
		b.Run(in.name+"/xurls-strict", func(b *testing.B) {
			re := xurls.Strict()
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				_ = re.FindAllStringIndex(text, -1)
			}
		})
	}
}
