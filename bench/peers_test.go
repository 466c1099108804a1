package bench

// The peers that the benchmarks of this module measure the package against,
// each on the same inputs in the same run: github.com/nlnwa/whatwg-url (the
// URL Standard), mvdan.cc/xurls/v2 (finding URLs in text),
// github.com/yosida95/uritemplate/v3 (RFC 6570) and golang.org/x/net/idna
// (UTS #46, plugged into WebParser and Normalizer as their IDNA function).
import (
	_ "github.com/nlnwa/whatwg-url/url"
	_ "github.com/yosida95/uritemplate/v3"
	_ "golang.org/x/net/idna"
	_ "mvdan.cc/xurls/v2"
)
