package bench

import (
	"testing"

	"github.com/seed0915fd1c/uri"
)

// idnURLs are URLs with internationalized hosts, raw, percent-encoded and
// in A-labels, for the entry points that meet them (issue #22).
var idnURLs = []string{
	"https://münchen.de/stadt/",
	"https://m%C3%BCnchen.de/stadt/",
	"https://xn--mnchen-3ya.de/stadt/",
	"http://例え.jp/",
	"http://%E4%BE%8B%E3%81%88.jp/",
	"http://xn--r8jz45g.jp/",
	"http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/admin",
}

// BenchmarkIDNHosts times ParseWeb, Normalize at SchemeBased, Hostname
// and IRI over idnURLs (the encoded forms for the URI entry points).
func BenchmarkIDNHosts(b *testing.B) {
	var us []uri.URI
	for _, s := range idnURLs {
		if u, err := uri.Parse(s); err == nil {
			us = append(us, u)
		}
	}
	b.Run("f=ParseWeb", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range idnURLs {
				sinkURI, _ = uri.ParseWeb(s)
			}
		}
	})
	b.Run("f=Normalize", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range us {
				sinkURI = u.Normalize(uri.SchemeBased)
			}
		}
	})
	b.Run("f=Hostname", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range us {
				sink, _ = u.Hostname()
			}
		}
	})
	b.Run("f=IRI", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range us {
				sink = u.IRI()
			}
		}
	})
}
