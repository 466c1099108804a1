package uri

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Sites: the Public Suffix List, registrable domains and HTML's "same
// site", for the decisions that need them (which cookies a request
// carries, SameSite, whether a wildcard origin pattern covers more than
// one owner).

// ErrSite reports a host that has no registrable domain (HTML Standard,
// "registrable domain"; the Public Suffix List's "eTLD+1"): a public
// suffix itself ("com", "co.uk", "github.io"), an IP address, a domain
// with an empty label, or no list to read it with; and, from
// ParseSuffixList, a line of the list that is not a rule.
var ErrSite = errors.New("uri: no registrable domain")

// SuffixList is a public suffix list (publicsuffix.org; HTML Standard,
// "public suffix"): PublicSuffix returns the public suffix of a domain,
// given in ASCII lowercase, as golang.org/x/net/publicsuffix.List does,
// so that List, any net/http/cookiejar.PublicSuffixList and *Suffixes
// satisfy it as they are.
type SuffixList interface{ PublicSuffix(domain string) string }

// Suffixes is a public suffix list read by ParseSuffixList from the
// list's published format (publicsuffix.org/list, "Format"). It is
// immutable and safe for concurrent use.
type Suffixes struct {
	// rules maps each rule's domain, and each domain that a longer rule
	// ends in, to its suffix flags, while the list is read
	rules map[string]suffixFlag
	// table holds the same, read: an open-addressing hash table of
	// len a power of two, at most half full, keyed by suffixHash, so that
	// PublicSuffix hashes each octet of a domain once however many of its
	// suffixes it looks up
	table []suffixSlot
	n     int // the number of rules
}

// suffixSlot is one entry of Suffixes.table; an empty slot has key "".
type suffixSlot struct {
	key  string
	hash uint32
	flag suffixFlag
}

// suffixHash is FNV-1a (32 bits) over a domain's octets from its last to
// its first, so that the hash of a domain extends, octet by octet, to the
// hash of each longer domain that ends in it: "co.uk" continues from
// "uk". suffixHashInit is the hash of "".
const (
	suffixHashInit  = 2166136261
	suffixHashPrime = 16777619
)

func suffixHash(h uint32, c byte) uint32 { return (h ^ uint32(c)) * suffixHashPrime }

// index builds table from rules.
func (s *Suffixes) index() {
	size := 2
	for size < 2*len(s.rules) {
		size *= 2
	}
	s.table = make([]suffixSlot, size)
	for key, flag := range s.rules {
		h := uint32(suffixHashInit)
		for i := len(key) - 1; i >= 0; i-- {
			h = suffixHash(h, key[i])
		}
		j := h & uint32(size-1)
		for s.table[j].key != "" {
			j = (j + 1) & uint32(size-1)
		}
		s.table[j] = suffixSlot{key, h, flag}
	}
	s.rules = nil
}

// lookup returns the flags of key, whose suffixHash is h.
func (s *Suffixes) lookup(key string, h uint32) (suffixFlag, bool) {
	if len(s.table) == 0 {
		return 0, false
	}
	mask := uint32(len(s.table) - 1)
	for j := h & mask; ; j = (j + 1) & mask {
		e := &s.table[j]
		if e.key == "" {
			return 0, false
		}
		if e.hash == h && e.key == key {
			return e.flag, true
		}
	}
}

// suffixFlag says what the list says about one domain.
type suffixFlag uint8

const (
	suffixRule      suffixFlag = 1 << iota // "d" is a rule
	suffixWildcard                         // "*.d" is a rule
	suffixException                        // "!d" is a rule
	suffixParent                           // a rule ends in ".d": look further left
	suffixPrivate                          // set with the rule's flag: from the PRIVATE section
)

// ParseSuffixList reads a public suffix list in its published format
// (publicsuffix.org/list/public_suffix_list.dat, "Format"): a rule per
// line, read up to the first white space; lines starting "//" are
// comments; "*." makes a wildcard rule and "!" an exception rule. Both
// the ICANN and the PRIVATE section are read, as browsers read them.
// Rules written in Unicode ("公司.cn") are put in their ASCII form by
// DomainToASCII ("xn--55qx5d.cn"), since PublicSuffix is given ASCII.
//
// A line that is not a rule is an error wrapping ErrSite whose Input is
// the line, Offset the octet at fault in it, and Expected says which
// line. No list is built into the package: a program ships the list it
// trusts, fresh, and reads it with this.
func ParseSuffixList(r io.Reader) (*Suffixes, error) {
	s := &Suffixes{rules: make(map[string]suffixFlag)}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	private := false
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		rule := text
		if i := strings.IndexAny(rule, " \t\r"); i >= 0 {
			rule = rule[:i]
		}
		if strings.HasPrefix(rule, "//") {
			if strings.Contains(text, "===BEGIN PRIVATE DOMAINS===") {
				private = true
			} else if strings.Contains(text, "===BEGIN ICANN DOMAINS===") {
				private = false
			}
			continue
		}
		if rule == "" {
			continue
		}
		if err := s.add(text, rule, line, private); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	s.index()
	return s, nil
}

// add reads rule, the rule of text, line number line of the list.
func (s *Suffixes) add(text, rule string, line int, private bool) error {
	fail := func(at int, want string) error {
		return &Error{Input: text, Offset: at, Err: ErrSite, Expected: want + ", on line " + strconv.Itoa(line) + " of the public suffix list (publicsuffix.org, \"Format\")"}
	}
	kind, d, at := suffixRule, rule, 0
	switch {
	case strings.HasPrefix(rule, "!"):
		kind, d, at = suffixException, rule[1:], 1
	case strings.HasPrefix(rule, "*."):
		kind, d, at = suffixWildcard, rule[2:], 2
	}
	if i := strings.IndexByte(d, '*'); i >= 0 {
		return fail(at+i, "a wildcard only as the whole leftmost label (\"*.\" domain)")
	}
	ascii := d
	for i := 0; i < len(d); i++ {
		if d[i] >= utf8.RuneSelf {
			a, err := DomainToASCII(d)
			if err != nil {
				return fail(at, "a domain that \"domain to ASCII\" accepts")
			}
			ascii = a
			break
		}
	}
	ascii = strings.ToLower(ascii)
	if ascii == "" || ascii[0] == '.' || ascii[len(ascii)-1] == '.' || strings.Contains(ascii, "..") {
		return fail(at, "a domain without an empty label")
	}
	if kind == suffixException && !strings.Contains(ascii, ".") {
		return fail(at, "an exception rule of two labels or more")
	}
	flag := kind
	if private {
		flag |= suffixPrivate
	}
	if s.rules[ascii]&kind == 0 {
		s.n++
	}
	s.rules[ascii] |= flag
	for i := strings.IndexByte(ascii, '.'); i >= 0; {
		s.rules[ascii[i+1:]] |= suffixParent
		j := strings.IndexByte(ascii[i+1:], '.')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return nil
}

// Len returns the number of rules in the list.
func (s *Suffixes) Len() int { return s.n }

// PublicSuffix returns the public suffix of domain, a domain in ASCII
// lowercase, by the list's algorithm (publicsuffix.org/list, "Algorithm"):
// the labels that the prevailing rule matches, an exception rule
// prevailing over every other and otherwise the rule of the most labels,
// with "*" (the last label) when none matches. It does not allocate.
func (s *Suffixes) PublicSuffix(domain string) string {
	return domain[s.suffix(domain):]
}

// suffix returns where domain's public suffix starts.
func (s *Suffixes) suffix(domain string) int {
	// best is where the suffix found so far starts: the "*" rule, the
	// last label, when no rule matches
	best := -1
	h := uint32(suffixHashInit)
	for i := len(domain); ; {
		// hash the label that ends at i, finding where it starts
		for i > 0 && domain[i-1] != '.' {
			i--
			h = suffixHash(h, domain[i])
		}
		if best < 0 {
			best = i
		}
		f, ok := s.lookup(domain[i:], h)
		if !ok {
			return best
		}
		switch {
		case f&suffixException != 0:
			// the exception's labels but its leftmost
			return i + strings.IndexByte(domain[i:], '.') + 1
		case f&suffixRule != 0:
			best = i
		}
		if f&suffixWildcard != 0 && i > 0 {
			best = labelStart(domain, i-1)
		}
		if f&suffixParent == 0 || i == 0 {
			return best
		}
		i--
		h = suffixHash(h, '.')
	}
}

// labelStart returns where the label of domain that ends at offset end
// starts: after the last '.' before end, or 0.
func labelStart(domain string, end int) int {
	return strings.LastIndexByte(domain[:end], '.') + 1
}

// RegistrableDomain returns the registrable domain of host (HTML Standard,
// "registrable domain"; the Public Suffix List's "eTLD+1"): its public
// suffix by list and the label before it, in ASCII lowercase. host is read
// as the URL Standard's host parser reads a special URL's host (URL
// Standard, "host parsing"), so every spelling a browser accepts gives the
// same answer: "WwW.Example.COM", "www.example.com" and "%77ww.example.com"
// give "example.com", "www.食狮.公司.cn" gives "xn--85x722f.xn--55qx5d.cn".
// A trailing dot stays, as HTML's table of examples keeps it
// ("example.com." gives "example.com.").
//
// Where there is none the error wraps ErrSite: host is a public suffix
// itself ("com", "github.io", "example" under the default rule "*"), an
// IPv4 or IPv6 address, has an empty label (".example.com",
// "a..example.com"), or list is nil. A host the parser rejects gives its
// error (ErrWeb, ErrWebIDNA). Offsets are into host. It does not allocate
// for a host in ASCII lowercase with a *Suffixes list.
func RegistrableDomain(host string, list SuffixList) (string, error) {
	if host == "" {
		return "", &Error{Input: host, Err: ErrSite, Expected: "a domain (HTML Standard, \"registrable domain\")"}
	}
	if list != nil && plainDomain(host) && !endsInNumber(host) {
		// what the host parser returns, with no empty label
		return registrableName(host, host, strings.TrimSuffix(host, "."), list)
	}
	d, err := webHost(host, host, len(host), false, nil)
	if err != nil {
		return "", err
	}
	return registrable(host, d, list)
}

// plainDomain reports whether s has only lowercase ASCII letters, digits,
// '-' and '.', which the host parser leaves as they are in a domain, and
// no empty label but the root's after a final '.'.
func plainDomain(s string) bool {
	prev := byte('.') // a first '.' starts with an empty label
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !plainDomainOctet[c] || c == '.' && prev == '.' {
			return false
		}
		prev = c
	}
	return true
}

// plainDomainOctet holds the octets of plainDomain.
var plainDomainOctet = func() (t [256]bool) {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyz0123456789-.") {
		t[c] = true
	}
	return t
}()

// registrable is RegistrableDomain for d, host as the host parser
// serializes it.
func registrable(host, d string, list SuffixList) (string, error) {
	fail := func(at int, want string) error {
		return &Error{Input: host, Offset: at, Err: ErrSite, Expected: want + " (HTML Standard, \"registrable domain\")"}
	}
	if d[0] == '[' || endsInNumber(d) {
		return "", fail(0, "a domain: an IP address has no registrable domain")
	}
	if list == nil {
		return "", fail(0, "a public suffix list to read the domain with")
	}
	name := strings.TrimSuffix(d, ".") // "example.com." reads as "example.com"
	if name == "" || name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..") {
		at := 0
		if d == host { // an offset into host for the empty label
			at = strings.Index(host, "..")
			switch {
			case host[0] == '.':
				at = 0
			case at < 0:
				at = len(host) - 1
			}
		}
		return "", fail(at, "a domain without an empty label")
	}
	return registrableName(host, d, name, list)
}

// registrableName is registrable for name, d without its final '.', which
// has no empty label.
func registrableName(host, d, name string, list SuffixList) (string, error) {
	fail := func(at int, want string) error {
		return &Error{Input: host, Offset: at, Err: ErrSite, Expected: want + " (HTML Standard, \"registrable domain\")"}
	}
	var ps string
	if s, ok := list.(*Suffixes); ok {
		ps = s.PublicSuffix(name)
	} else {
		ps = list.PublicSuffix(name)
	}
	n := len(name) - len(ps)
	if ps == "" || n < 0 || name[n:] != ps || n > 0 && name[n-1] != '.' {
		return "", fail(0, "a public suffix list that returns a suffix of the domain at a label boundary, not "+strconv.Quote(ps))
	}
	if n == 0 {
		return "", fail(0, "a domain below a public suffix: "+strconv.Quote(name)+" is one")
	}
	return d[labelStart(name, n-1):], nil
}

// Site returns the serialization of the site of u's origin (HTML
// Standard, "obtain a site"), read as WebParser.Origin reads it: "scheme://" and
// the host's registrable domain by list, or the host itself when it has
// none (an IP address, "localhost", a public suffix); "null" for an
// opaque origin, which is its own site. Two URLs are same site (SameSite)
// when their sites are equal and not "null".
func (p WebParser) Site(u URI, list SuffixList) (string, error) {
	var b WebBase
	if err := b.init(p, u); err != nil {
		return "", err
	}
	if !b.tuple {
		return "null", nil
	}
	host := b.origin.host
	if r, err := registrable(host, host, list); err == nil {
		host = r
	}
	return b.origin.scheme + "://" + host, nil
}

// SameSite reports whether a and b, each read as a browser reads its text
// (URL Standard, "URL parsing"), have origins that are same site (HTML
// Standard, "same site", which is schemeful): both are tuple origins with
// the same scheme, and their hosts are equal or have the same
// registrable domain by list (RegistrableDomain). Ports do not count:
// "https://a.example.com:8443" and "https://b.example.com" are same site;
// "http://example.com" and "https://example.com" are not. An opaque
// origin is same site only with itself, which two URLs never give, and a
// URL the parser rejects is same site with nothing. With a nil list, only
// equal hosts are same site.
func (p WebParser) SameSite(a, b URI, list SuffixList) bool {
	var x, y WebBase
	if x.init(p, a) != nil || y.init(p, b) != nil || !x.tuple || !y.tuple {
		return false
	}
	return sameSite(x.origin, y.origin, list)
}

// sameSite is HTML's "same site" for two tuple origins.
func sameSite(a, b webOrigin, list SuffixList) bool {
	if a.scheme != b.scheme {
		return false
	}
	if a.host == b.host {
		return true
	}
	ra, err := registrable(a.host, a.host, list)
	if err != nil {
		return false
	}
	rb, err := registrable(b.host, b.host, list)
	return err == nil && ra == rb
}

// String describes the list, so that a *Suffixes is also a
// net/http/cookiejar.PublicSuffixList, whose String names the list's
// source.
func (s *Suffixes) String() string {
	return "public suffix list read by uri.ParseSuffixList, " + strconv.Itoa(s.n) + " rules"
}
