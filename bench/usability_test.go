package bench

// RedactAttr is meant for logging a configuration at startup, but a
// program may set it as the ReplaceAttr of its one handler, where it runs
// on every attribute of every record. These benchmarks log the same
// records with slog's handlers without a ReplaceAttr, with one that
// returns its attribute, and with RedactAttr, in the same run:
//
//	go test -run '^$' -bench 'LogRecord' -benchmem -count 6 . | tee /tmp/log.txt
//	benchstat -col /hook /tmp/log.txt

import (
	"context"
	"io"
	"log/slog"
	"net/url"
	"testing"
	"time"

	"github.com/seed0915fd1c/uri"
)

// logRecords are the records: a request log line with the attributes a
// server logs (no URI, no '@'), one with a URI and an e-mail address, and
// a configuration struct logged at startup.
var logRecords = []struct {
	name  string
	attrs []slog.Attr
}{
	{"request", []slog.Attr{
		slog.String("method", "GET"), slog.String("path", "/api/v1/users/42"), slog.Int("status", 200),
		slog.Duration("took", 1500*time.Microsecond), slog.String("remote", "192.0.2.1:53211"),
	}},
	{"uri", []slog.Attr{
		slog.Any("upstream", uri.MustParse("https://svc:s3cr3t@api.example.com/v1/")),
		slog.String("user", "bob@example.com"), slog.String("dsn", "postgres://app:hunter2@db.internal/app"),
	}},
	{"config", []slog.Attr{slog.Any("config", struct {
		API      uri.URI
		Database string
		Proxy    *url.URL
		Workers  int
	}{
		uri.MustParse("https://svc:s3cr3t@api.example.com/v1/"), "postgres://app:hunter2@db.internal/app",
		&url.URL{Scheme: "http", User: url.UserPassword("proxy", "pr0xy"), Host: "proxy:3128"}, 8,
	})}},
}

func BenchmarkLogRecord(b *testing.B) {
	hooks := []struct {
		name string
		fn   func([]string, slog.Attr) slog.Attr
	}{
		{"none", nil},
		// any ReplaceAttr makes slog pass the built-in attributes through
		// it, and the JSON handler then marshals the level with encoding/json
		{"identity", func(_ []string, a slog.Attr) slog.Attr { return a }},
		{"RedactAttr", uri.RedactAttr},
	}
	handlers := []struct {
		name string
		new  func(*slog.HandlerOptions) slog.Handler
	}{
		{"text", func(o *slog.HandlerOptions) slog.Handler { return slog.NewTextHandler(io.Discard, o) }},
		{"json", func(o *slog.HandlerOptions) slog.Handler { return slog.NewJSONHandler(io.Discard, o) }},
	}
	ctx := context.Background()
	for _, r := range logRecords {
		for _, h := range handlers {
			for _, hook := range hooks {
				logger := slog.New(h.new(&slog.HandlerOptions{ReplaceAttr: hook.fn}))
				b.Run("record="+r.name+"/handler="+h.name+"/hook="+hook.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						logger.LogAttrs(ctx, slog.LevelInfo, "msg", r.attrs...)
					}
				})
			}
		}
	}
}
