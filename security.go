package uri

import (
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Security considerations, RFC 3986, Section 7.
//
// Parse accepts exactly the grammar and never decodes, so it cannot be
// tricked by what a URI means after decoding; but the software behind it
// can. Vet reads a valid URI the way the usual back ends, resolvers and
// readers do and reports, with a byte offset, what they may read
// differently from what the grammar says:
//
//   - ports that point a request at another protocol (RFC 3986, Section 7.2);
//   - percent-encoded octets that change meaning when a back end decodes
//     them (RFC 3986, Section 7.3);
//   - rare IPv4 forms (RFC 3986, Section 7.4);
//   - passwords (RFC 3986, Section 7.5);
//   - misleading userinfo (RFC 3986, Section 7.6).
//
// Every check is precise: it fires on a fact about the text, not on a
// guess, so that a clean URI gives no finding. The checks are independent
// of one another, look at one component each, and run in time linear in
// the length of the URI.

// FindingKind names one check of URI.Vet. Each kind cites the part of
// RFC 3986, Section 7 that it implements; see FindingKind.Section.
type FindingKind uint8

// The checks of URI.Vet, in the order of the parts of
// RFC 3986, Section 7 that motivate them.
const (
	// BadPort: the port of an http, https, ws or wss URI is on the "bad
	// ports" list of the Fetch Standard (https://fetch.spec.whatwg.org/#port-blocking,
	// as of August 2025: 0, 1, 7, 9, ... 25, ... 6667, ... 10080), the
	// well-known ports of protocols that a request from a browser must not
	// reach, since an HTTP request sent there can drive that other protocol
	// (RFC 3986, Section 7.2). Browsers refuse these ports. The scheme's
	// own default port is never reported.
	BadPort FindingKind = iota + 1

	// PortOutOfRange: the port's digits name a number above 65535, which
	// no TCP or UDP port has. Software that wraps or truncates the number
	// connects to another port than the one written (RFC 3986, Section 7.2);
	// the message says which one, modulo 65536.
	PortOutOfRange

	// EncodedControl: a percent-encoded control character (%01-%1F, %7F)
	// in any component. Decoded, CR and LF end a line in line-based
	// protocols (HTTP headers, SMTP, FTP, Telnet), which lets the URI inject
	// a command or a header; RFC 3986, Section 7.2 says such octets must
	// not be decoded before they are sent. %00 is reported as EncodedNUL.
	// Two places are data by their scheme's definition and not reported:
	// "%0D%0A" in the body of a mailto URI, where RFC 6068, Section 5
	// requires line breaks to be written so, or before a space or tab in
	// its other header fields (a folded header line, RFC 5322, Section
	// 2.2.3); and the path and query of a data URI, its payload (RFC 2397),
	// which no Vet finding reads.
	EncodedControl

	// EncodedNUL: a percent-encoded NUL octet, "%00", in any component.
	// C strings and many file system calls end at NUL, so a back end that
	// decodes it may check one name and open another; RFC 3986, Section 7.3
	// says it should be rejected unless the component is meant to carry raw
	// data.
	EncodedNUL

	// EncodedSlash: "%2F" ('/') or "%5C" ('\') inside a path segment. It is
	// data, not a separator (RFC 3986, Section 2.2), but a back end that
	// decodes the path before it splits it, or a file system that reads
	// '\' as a separator, sees more segments than the URI has
	// (RFC 3986, Section 7.3).
	EncodedSlash

	// EncodedDotSegment: a path segment that is not a dot segment as
	// written, but is one after decoding: "%2e", "%2E%2E", ".%2e", "%2e.",
	// or a segment with an encoded separator around dots such as
	// "..%2F" or "%2e%2e%5C"; or one once a path parameter is cut off, as
	// Java servlet containers do ("..;", "..;x", "%2e%2e;jsessionid=1");
	// or one written with FULLWIDTH FULL STOP, U+FF0E ("%EF%BC%8E%EF%BC%8E"),
	// SMALL FULL STOP, U+FE52, or ONE DOT LEADER, U+2024, which NFKC
	// normalization maps to '.', or TWO DOT LEADER, U+2025 ("%E2%80%A5"),
	// or U+FE30, which it maps to ".."; or one beside a character that
	// NFKC maps to a separator, U+FF0F FULLWIDTH SOLIDUS ("..%EF%BC%8F"),
	// U+FF3C or U+FE68 (Unicode Standard Annex #15). RFC 3986, Section 5.2.4
	// removes only literal dot segments, so these survive resolution and
	// normalization of the raw text and reach a back end that may read them
	// as a ".." that climbs out of a directory (RFC 3986, Section 7.3).
	EncodedDotSegment

	// DoubleEncoding: a "%25" in the path followed by two octets that are
	// hex digits once decoded, as in "%252e" or "%25%32%66": the text
	// decodes to a new pct-encoded triplet, so a back end that decodes
	// twice (one layer in a proxy, one in the application) sees a
	// different path than one that decodes once: RFC 3986, Section 2.4 says
	// never to decode twice, and RFC 3986, Section 7.3 why.
	DoubleEncoding

	// OverlongUTF8: percent-encoded octets in any component that form an
	// overlong UTF-8 sequence, such as "%C0%AE" for '.' or "%E0%80%AF" for
	// '/'. They are invalid UTF-8, but lenient decoders read them as the
	// ASCII character, past filters that looked for it: the classic
	// directory traversal of the early 2000s (RFC 3986, Section 7.3). The
	// message names the character a lenient decoder reads.
	OverlongUTF8

	// InvalidUTF8: percent-encoded octets in the host or the path that are
	// not UTF-8 (other than overlong forms, reported as OverlongUTF8): a
	// stray continuation octet, a truncated sequence, a surrogate, a code
	// point above U+10FFFF. RFC 3986, Section 2.5 and Section 3.2.2 ask for
	// UTF-8; decoders disagree on what other octets mean, so a check in one
	// and a use in another may see different names (RFC 3986, Section 7.3).
	// Queries and fragments are not checked, since legacy forms often
	// encode other charsets there.
	InvalidUTF8

	// EncodedHost: a reg-name host with percent-encoded octets. A resolver
	// decodes them before looking the name up, so a filter that compares
	// the raw text ("evil.example" against "%65vil.example") sees a
	// different host than the connection does; security checks belong
	// after decoding (RFC 3986, Section 7.3). The message shows the
	// decoded name.
	EncodedHost

	// DeviceName: a path segment that, decoded, names a Windows device
	// (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9, COM¹-COM³ and LPT¹-LPT³
	// with the superscript digits U+00B9, U+00B2 and U+00B3, CONIN$,
	// CONOUT$), with any extension and in any case, such as "aux",
	// "Con.txt" or "com%C2%B9". Merely opening
	// such a name on a Windows file system reaches the device instead of a
	// file, which RFC 3986, Section 7.3 names as a denial-of-service risk.
	DeviceName

	// NonstandardIPv4: a reg-name host that is not an IPv4address of
	// RFC 3986, Section 3.2.2 but that inet_aton() or a WHATWG URL parser reads
	// as an IPv4 address: fewer than four parts, octal or hexadecimal
	// parts, leading zeros ("0x7f.1", "017700000001", "2130706433",
	// "127.1", "0177.0.0.1"), a trailing dot ("127.0.0.1."), percent-encoded
	// digits, fullwidth digits. A filter that matches the host's text
	// misses the address it reaches; compare addresses numerically
	// (RFC 3986, Section 7.4). Finding.Addr holds the address.
	//
	// inet_aton() is read as glibc implements it: one to four parts
	// separated by '.', each a C integer constant (decimal, octal after a
	// leading "0", hexadecimal after "0x" or "0X"), the last part filling
	// the bytes the others leave, any part too large rejected; trailing
	// whitespace (a decoded "%20") ends the address. The WHATWG URL
	// Standard's IPv4 parser also allows one trailing dot and an empty
	// hexadecimal part ("0x"), and runs after percent-decoding and UTS #46
	// mapping; Vet applies all of that mapping that concerns IPv4
	// characters, as URI.Addrs does: ignored code points such as U+00AD
	// SOFT HYPHEN are dropped, and compatibility digits, letters and full
	// stops (fullwidth, superscript, circled, mathematical digits, U+3002)
	// are mapped to ASCII.
	NonstandardIPv4

	// IPv4InIPv6: an IPv6 literal that embeds an IPv4 address that
	// dual-stack systems or translators reach, so a filter on IPv4
	// addresses misses it: IPv4-mapped ("[::ffff:127.0.0.1]",
	// RFC 4291, Section 2.5.5.2), IPv4-compatible ("[::127.0.0.1]",
	// deprecated by RFC 4291, Section 2.5.5.1; "::" and "::1" excepted) and
	// the NAT64 well-known prefix ("[64:ff9b::7f00:1]",
	// RFC 6052, Section 2.1) and local-use prefix ("[64:ff9b:1::7f00:1]",
	// RFC 8215, the last 32 bits), and 6to4 ("[2002:7f00:1::]", RFC 3056,
	// Section 2), which URI.Addrs reads too.
	// Finding.Addr holds the IPv4 address (RFC 3986, Section 7.4).
	IPv4InIPv6

	// FutureIP: an IPvFuture literal host such as "[v1.x]". No version is
	// defined and no resolver implements one, so each piece of software
	// that meets it does something of its own (RFC 3986, Section 7.4 warns
	// about formats that depend on the platform).
	FutureIP

	// Password: the userinfo has a non-empty password after its first
	// ':'. The "user:password" form is deprecated (RFC 3986, Section 3.2.1),
	// and a URI is shown, logged, cached and sent in Referer headers as it
	// is, so the password leaks (RFC 3986, Section 7.5). An empty password
	// ("user:@") is not reported: RFC 3986, Section 3.2.1 reads it as "no
	// password". The message never contains the password; URI.Redacted
	// masks it for display.
	Password

	// DeceptiveUserinfo: the user name in the userinfo, decoded, looks
	// like a host name: it has labels separated by '.', such as
	// "cnn.example.com&story=breaking" in
	// "http://cnn.example.com&story=breaking@10.0.0.1/". Readers take it
	// for the host, which it is not (RFC 3986, Section 7.6). A plain name,
	// as in "http://user@example.com/", is not reported.
	DeceptiveUserinfo

	// WebAuthority: a URI with a special scheme of the URL Standard other
	// than file (http, https, ws, wss, ftp) and no host (no authority, or
	// an empty host without userinfo and port) that a browser reads with
	// one: "https:evil.com", "http:/evil.com", "http:///evil.com";
	// "http::@evil.example/" and "https::443@evil.example/x", where the
	// browser reads a user name and password before the last '@';
	// "http:127.1/", an IPv4 number; "http:%C3%A9vil.example/", a domain
	// that needs IDNA; and this package's own "/.//" guard form
	// ("http:/.//evil.com", read with the host "."). The URL Standard's
	// parser skips the slashes and takes what follows, up to the next '/',
	// for the authority (URL Standard, "special authority ignore slashes
	// state"), and Node's fetch and, for most of these forms, curl connect
	// to it too, so a filter that reads the URI as RFC 3986 does sees no
	// host where they connect to one (RFC 3986, Section 7.6, semantic
	// attacks). The finding is in
	// the path, where that text lies for RFC 3986. The message names the
	// host and port the browser reaches (ParseWeb gives the whole
	// reading), an internationalized domain by the ASCII name the browser
	// looks up with its Unicode form beside it ("xn--vil-9la.example"
	// ("évil.example"): URL Standard, "domain to ASCII"), and never quotes
	// the password the browser reads; Finding.Addr holds the host when it
	// is an IP address, and URI.Addrs reports it.
	WebAuthority

	// IDNHost: a reg-name host that is an internationalized domain name
	// in its Unicode form, percent-encoded as UTF-8 (RFC 3986, Section
	// 3.2.2), as ParseIRI writes one ("https://b%C3%BCcher.de/"). It is
	// the correct form, and takes the place of EncodedHost: every encoded
	// octet is part of a non-ASCII character, and the decoded name is the
	// Unicode form of the ASCII name that UTS #46 ToASCII gives (URL
	// Standard, "domain to ASCII"; DomainToASCII), which is an "xn--"
	// name, not an IP address. Resolvers and browsers look up that ASCII
	// name, and the message says which it is ("xn--bcher-kva.de"), so that
	// a filter compares hosts by it (RFC 3986, Section 7.3). A
	// percent-encoded host that UTS #46 rejects, that maps to another
	// text (U+24DB CIRCLED LATIN SMALL LETTER L reads "l": the message
	// then names the ASCII name too), or that encodes ASCII octets is
	// EncodedHost.
	IDNHost

	// LocalhostName: a reg-name host that is "localhost" or a name under
	// it ("evil.localhost"), in any spelling a reader maps there: any
	// case, percent-encoded letters ("x.%6cocalhost", "%2elocalhost"),
	// the UTS #46 mapping ("evil.ⓛⓞⓒⓐⓛⓗⓞⓢⓣ", fullwidth letters), one
	// final dot ("localhost."). RFC 6761, Section 6.3 reserves these names
	// for loopback, and clients connect to 127.0.0.1 or ::1 for them
	// without asking the DNS: curl since 7.78.0 (lib/hostip.c,
	// Curl_resolv), Chromium and Firefox. A filter that matches the text
	// "localhost", or resolves the name itself and checks the answer,
	// misses the loopback connection the client makes (RFC 3986, Section
	// 7.4: a host that reaches an address its text does not show).
	// URI.Addrs reports both addresses; Finding.Addr holds 127.0.0.1. A
	// host a browser reads in the path (WebAuthority) is reported there
	// too. The plain name "localhost", lowercase and without a final dot,
	// says what it is, as a dotted-decimal loopback address does, and is
	// not reported (URI.Addrs still gives its addresses); every other
	// spelling of it, and every name under it, is.
	LocalhostName

	numFindingKinds = iota + 1 // one more than the last kind
)

var findingKindNames = [numFindingKinds]string{
	BadPort:           "BadPort",
	PortOutOfRange:    "PortOutOfRange",
	EncodedControl:    "EncodedControl",
	EncodedNUL:        "EncodedNUL",
	EncodedSlash:      "EncodedSlash",
	EncodedDotSegment: "EncodedDotSegment",
	DoubleEncoding:    "DoubleEncoding",
	OverlongUTF8:      "OverlongUTF8",
	InvalidUTF8:       "InvalidUTF8",
	EncodedHost:       "EncodedHost",
	DeviceName:        "DeviceName",
	NonstandardIPv4:   "NonstandardIPv4",
	IPv4InIPv6:        "IPv4InIPv6",
	FutureIP:          "FutureIP",
	Password:          "Password",
	DeceptiveUserinfo: "DeceptiveUserinfo",
	WebAuthority:      "WebAuthority",
	IDNHost:           "IDNHost",
	LocalhostName:     "LocalhostName",
}

var findingKindSections = [numFindingKinds]string{
	BadPort:           "7.2",
	PortOutOfRange:    "7.2",
	EncodedControl:    "7.2",
	EncodedNUL:        "7.3",
	EncodedSlash:      "7.3",
	EncodedDotSegment: "7.3",
	DoubleEncoding:    "7.3",
	OverlongUTF8:      "7.3",
	InvalidUTF8:       "7.3",
	EncodedHost:       "7.3",
	DeviceName:        "7.3",
	NonstandardIPv4:   "7.4",
	IPv4InIPv6:        "7.4",
	FutureIP:          "7.4",
	Password:          "7.5",
	DeceptiveUserinfo: "7.6",
	WebAuthority:      "7.6",
	IDNHost:           "7.3",
	LocalhostName:     "7.4",
}

func (k FindingKind) valid() bool { return k >= BadPort && k < numFindingKinds }

// String returns the name of the constant, such as "NonstandardIPv4".
func (k FindingKind) String() string {
	if k.valid() {
		return findingKindNames[k]
	}
	return "FindingKind(" + strconv.Itoa(int(k)) + ")"
}

// Section returns the part of RFC 3986 that motivates the check, in the
// form "RFC 3986, Section 7.4", or "" for a value that is not one of the
// constants.
func (k FindingKind) Section() string {
	if k.valid() {
		return "RFC 3986, Section " + findingKindSections[k]
	}
	return ""
}

// Finding is one problem that URI.Vet found (RFC 3986, Section 7).
//
// Component is "userinfo", "host", "port", "path", "query" or "fragment",
// the words the error sentinels use ("uri: invalid port") and that
// Difference.Component uses; the Component type is not used because it
// names encoding sets, not the parts of a URI, and has no port.
//
// Offset is a byte offset into u.String(), the text of the URI that was
// checked, so that a user interface can put a caret under it: the
// pct-encoded triplet at fault, the first byte of the password, or the
// first byte of the host, port, segment or userinfo the finding is about.
type Finding struct {
	Kind      FindingKind
	Component string
	Offset    int
	// Addr is, for NonstandardIPv4 and IPv4InIPv6, the IPv4 address the
	// host reaches; for WebAuthority, the IP address (IPv4 or IPv6) a
	// browser reads as the host, when it reads one; the zero netip.Addr
	// for every other kind and host.
	Addr netip.Addr
	// Message says in one sentence, without a final period, what was
	// found and why it matters. It quotes the URI's text where that helps,
	// shortened when long, and never quotes a password.
	Message string
}

// String formats the finding on one line, as
//
//	NonstandardIPv4 in host at offset 7: ...
func (f Finding) String() string {
	return f.Kind.String() + " in " + f.Component + " at offset " + strconv.Itoa(f.Offset) + ": " + f.Message
}

// Vet checks u against the security considerations of
// RFC 3986, Section 7 and returns what it finds, one Finding per kind of
// problem and component, at the first place the problem occurs; the
// message says how many more there are. Findings are ordered by Offset, then by Kind. See
// the FindingKind constants for the checks and what each means.
//
// Vet returns nil when it finds nothing, without allocating. It is
// meant for valid URIs, such as those Parse returns, but accepts any
// value: it never panics, it reads each field only where String writes it
// (a Userinfo without HasUserinfo is not read), and its offsets always
// point into u.String(). It runs in time linear in the length of
// u.String() and allocates only for what it reports, at most one Finding
// per kind and component.
//
// Vet judges the text alone. It does not resolve names, does not know
// which host an application trusts, and does not decide which findings
// matter to it: a crawler may ignore DeviceName, a proxy in front of a
// Windows server should not.
func (u URI) Vet() []Finding {
	var c checker
	o := u.offsets()
	if u.HasAuthority {
		if u.HasUserinfo {
			c.userinfo(u, o.userinfo)
		}
		c.host(u, o.host)
		if u.HasPort {
			c.port(u, o.port)
		}
	}
	// A data URI's path and query are its payload (RFC 2397), which may
	// encode any octet.
	data := strings.EqualFold(u.Scheme, "data")
	// Where a browser reads an authority in the path, the path holds the
	// password it reads, which messages must not quote.
	pathStart := o.path
	webStart, webEnd, web := webPathAuthority(u)
	if web {
		if at, colon := webCredentials(u.Path[webStart:webEnd]); colon >= 0 {
			c.secretLo, c.secretHi = pathStart+webStart+colon+1, pathStart+webStart+at
		}
	}
	if !data {
		c.path(u.Path, o.path)
	}
	if u.HasQuery && !data {
		c.begin("query")
		if strings.EqualFold(u.Scheme, "mailto") {
			c.mailtoQuery(u.Query, o.query)
		} else {
			c.octets(u.Query, o.query, false, false, lineBreaksNone)
		}
		c.flush()
	}
	if u.HasFragment {
		c.begin("fragment")
		c.octets(u.Fragment, o.fragment, false, false, lineBreaksNone)
		c.flush()
	}
	if web && webHasHost(u.Path[webStart:webEnd]) {
		c.web(u, pathStart)
	}
	if len(c.out) > 1 {
		slices.SortStableFunc(c.out, func(a, b Finding) int {
			if a.Offset != b.Offset {
				return a.Offset - b.Offset
			}
			return int(a.Kind) - int(b.Kind)
		})
	}
	return c.out
}

// hit records the occurrences of one kind of finding in the component
// being checked: how many, and the first one.
type hit struct {
	n    int    // occurrences
	off  int    // offset of the first, in the URI's text
	text string // the first occurrence's text: a triplet, a segment, ...
	r    rune   // the decoded octet, or for OverlongUTF8 what a lenient decoder reads
}

// checker collects findings component by component: hits of the current
// component are merged per kind, and flush turns them into Findings.
type checker struct {
	comp string
	hits [numFindingKinds]hit
	set  uint32 // bit k: hits[k] is in use
	out  []Finding
	// secretLo and secretHi bound the password a browser reads in the
	// path (see webPathAuthority), which hits quote masked; both are 0
	// when there is none.
	secretLo, secretHi int
}

func (c *checker) begin(comp string) { c.comp = comp }

// add records one occurrence of kind k at offset off.
func (c *checker) add(k FindingKind, off int, text string, r rune) {
	h := &c.hits[k]
	if c.set&(1<<k) == 0 {
		c.set |= 1 << k
		*h = hit{off: off, text: text, r: r}
	}
	h.n++
}

// unsecret returns text, which starts at offset off of the URI's text,
// with the part of it that lies in the password a browser reads
// (secretLo to secretHi) replaced by "xxxxx", and "" when all of it lies
// there, as for a hit in the password of the userinfo.
func (c *checker) unsecret(off int, text string) string {
	lo, hi := max(c.secretLo, off), min(c.secretHi, off+len(text))
	switch {
	case lo >= hi:
		return text
	case lo == off && hi == off+len(text):
		return ""
	}
	return text[:lo-off] + "xxxxx" + text[hi-off:]
}

// flush turns the hits of the current component into findings.
func (c *checker) flush() {
	for k := FindingKind(1); c.set != 0 && k < numFindingKinds; k++ {
		if c.set&(1<<k) == 0 {
			continue
		}
		h := c.hits[k]
		msg := describe(k, h)
		if h.n > 1 {
			msg += " (the first of " + strconv.Itoa(h.n) + ")"
		}
		c.report(k, h.off, netip.Addr{}, msg)
	}
	c.set = 0
}

// report appends one finding in the current component.
func (c *checker) report(k FindingKind, off int, addr netip.Addr, msg string) {
	if c.out == nil {
		c.out = make([]Finding, 0, 4)
	}
	c.out = append(c.out, Finding{Kind: k, Component: c.comp, Offset: off, Addr: addr, Message: msg})
}

// describe writes the message of a merged finding. A hit without text
// lies in a password, which messages never quote.
func describe(k FindingKind, h hit) string {
	if h.text == "" {
		switch k {
		case EncodedNUL:
			return "the password holds a pct-encoded NUL octet, which ends a C string"
		case EncodedControl:
			return "the password holds a pct-encoded control character, which a back end that decodes it may act on"
		case OverlongUTF8:
			return "the password holds an overlong UTF-8 sequence, invalid UTF-8 that a lenient decoder reads as an ASCII character"
		case InvalidUTF8:
			return "the password holds pct-encoded octets that are not UTF-8, so decoders disagree on what it means"
		case EncodedSlash:
			return "the password holds a pct-encoded '/' or '\\', which a back end that decodes the path reads as a separator"
		case DoubleEncoding:
			return "the password holds a \"%25\" that decodes to another pct-encoded triplet"
		}
		return "the password holds a finding of kind " + k.String()
	}
	q := excerpt(h.text)
	switch k {
	case EncodedNUL:
		return q + " encodes a NUL octet, which ends a C string: a back end that decodes it may check one name and use another"
	case EncodedControl:
		if b := byte(h.r); b == '\r' || b == '\n' {
			return q + " encodes a line break (" + controlName(b) + "): decoded, it can end a protocol line early and inject a header or a command"
		}
		return q + " encodes the control character " + controlName(byte(h.r)) + ", which a back end that decodes it may act on"
	case EncodedSlash:
		if h.r == '\\' {
			return q + " encodes '\\' inside a path segment: it is data here, but Windows file systems and some servers read it as a separator"
		}
		return q + " encodes '/' inside a path segment: it is data here, but a back end that decodes the path before splitting it sees another segment"
	case EncodedDotSegment:
		return "the segment " + q + " is a dot segment once decoded: resolution leaves it in place, but a back end that decodes it may climb out of the directory"
	case DoubleEncoding:
		return q + " decodes to another pct-encoded triplet: a back end that decodes twice sees a different path than one that decodes once"
	case OverlongUTF8:
		return q + " is an overlong UTF-8 encoding of " + strconv.QuoteRune(h.r) + ": it is invalid UTF-8, but a lenient decoder reads it as that character"
	case InvalidUTF8:
		return q + " is not valid UTF-8, so decoders disagree on what it means"
	case DeviceName:
		return "the segment " + q + " names a Windows device: opening it on a Windows file system reaches the device, not a file"
	}
	return k.String() + " at " + q
}

// controlName names control octet b: "CR", "LF", "TAB", or "U+0007".
func controlName(b byte) string {
	switch b {
	case '\r':
		return "CR"
	case '\n':
		return "LF"
	case '\t':
		return "TAB"
	}
	return "U+00" + string(upperHex[b>>4]) + string(upperHex[b&15])
}

// maxExcerpt is how many bytes of a URI's text a message quotes.
const maxExcerpt = 48

// excerpt quotes s for a message, shortened to maxExcerpt bytes.
func excerpt(s string) string {
	if len(s) > maxExcerpt {
		return strconv.Quote(s[:maxExcerpt]) + "..."
	}
	return strconv.Quote(s)
}

// web reports WebAuthority for u, whose path, at offset base of its text,
// holds an authority for a browser (webPathAuthority). It parses u's text
// with the URL Standard only then, so that Vet stays without allocation
// for the URIs that have a host.
func (c *checker) web(u URI, base int) {
	w, shown, err := webRead(u)
	if err != nil || !w.hasHost || w.host == "" {
		return
	}
	addr, _ := webHostAddr(w.host)
	what := "the host " + excerpt(w.host)
	if shown != "" && shown != w.host {
		what += " (" + excerpt(shown) + ")"
	}
	if w.port != "" {
		what += " and the port " + w.port
	}
	if w.username != "" || w.password != "" {
		what = "credentials and " + what
	}
	rfc := "no authority"
	if u.HasAuthority {
		rfc = "an empty host"
	}
	c.begin("path")
	c.report(WebAuthority, base, addr,
		"a browser reads this URI with "+what+" (URL Standard, \"URL parsing\"), where RFC 3986 reads "+rfc+" and this path")
	c.localhost(w.host, base, true)
}

// localhost reports LocalhostName for host, a reg-name at offset base of
// the URI's text, when it is a localhost name (localhostName) other than
// the plain "localhost"; or, with web, the host a browser reads in the
// path (which RFC 3986 reads as no host at all), whatever its spelling.
func (c *checker) localhost(host string, base int, web bool) {
	name, ok := localhostName(host)
	if !ok || host == "localhost" && !web {
		return
	}
	what := "the host " + excerpt(host)
	if !strings.EqualFold(name, host) {
		what += " reads as " + excerpt(name) + ", which"
	}
	c.report(LocalhostName, base, localhostAddrs[0],
		what+" is localhost or a name under it: clients connect to 127.0.0.1 and ::1 for it without asking the DNS (RFC 6761, Section 6.3), so filter on those addresses (URI.Addrs)")
}

// ---------------------------------------------------------------------------
// Octets

// lineBreaks says which encoded line breaks a component may hold without a
// finding.
type lineBreaks uint8

const (
	lineBreaksNone    lineBreaks = iota // every %0D and %0A is reported
	lineBreaksCRLF                      // "%0D%0A" is a line break of the data
	lineBreaksFolding                   // "%0D%0A" before a space or tab folds a header line
)

// mailtoQuery checks the query of a mailto URI, whose hfields are mail
// header fields and a body (RFC 6068, Section 2). RFC 6068, Section 5
// requires line breaks in the body to be written "%0D%0A", so there they
// are data; in a header field a line break is a header of its own unless a
// space or tab follows it, which folds the line (RFC 5322, Section 2.2.3),
// so only that form passes. A lone %0D or %0A is reported everywhere.
func (c *checker) mailtoQuery(q string, base int) {
	for i := 0; i <= len(q); {
		end := strings.IndexByte(q[i:], '&')
		if end < 0 {
			end = len(q)
		} else {
			end += i
		}
		field := q[i:end]
		name, _, _ := strings.Cut(field, "=")
		rule := lineBreaksFolding
		if d := decodeOrRaw(name); strings.EqualFold(d, "body") {
			rule = lineBreaksCRLF
		}
		c.octets(field, base+i, false, false, rule)
		i = end + 1
	}
}

// octets checks the encoded octets of one component, s, that starts at
// offset base of the URI's text: NUL and control octets in every
// component, and UTF-8; invalid UTF-8 is reported only when strict is
// set (host and path), overlong forms always. When secret is set, s is a
// password: its hits keep none of its text, and a kind already found
// before it, in the user name, is not counted again, so that nothing said
// about the user name depends on the password.
//
// Encoded CR LF pairs that rule allows are skipped.
func (c *checker) octets(s string, base int, strict, secret bool, rule lineBreaks) {
	before := c.set
	add := func(k FindingKind, i, j int, r rune) {
		switch {
		case !secret:
			c.add(k, base+i, c.unsecret(base+i, s[i:j]), r)
		case before&(1<<k) == 0:
			c.add(k, base+i, "", 0)
		}
	}
	for i := 0; i < len(s); {
		if s[i] != '%' && s[i] < 0x80 {
			i++
			continue
		}
		b, next, encoded := octetAt(s, i)
		switch {
		case b >= 0x80:
			n, r, kind := utf8At(s, i)
			if kind == OverlongUTF8 || (kind == InvalidUTF8 && strict) {
				add(kind, i, n, r)
			}
			next = n
		case !encoded:
		case b == 0:
			add(EncodedNUL, i, next, 0)
		case b == '\r' && rule != lineBreaksNone && crlfAllowed(s, next, rule) > next:
			next = crlfAllowed(s, next, rule) // the LF, and a folding space or tab
		case b < 0x20 || b == 0x7f:
			add(EncodedControl, i, next, rune(b))
		}
		i = next
	}
}

// crlfAllowed returns, when rule allows the line break whose encoded LF
// starts at offset i of s, the offset after it, and for lineBreaksFolding
// after the space or tab that must follow it; else i.
func crlfAllowed(s string, i int, rule lineBreaks) int {
	if i >= len(s) {
		return i
	}
	lf, next, enc := octetAt(s, i)
	if !enc || lf != '\n' {
		return i
	}
	if rule == lineBreaksCRLF {
		return next
	}
	if next >= len(s) {
		return i
	}
	if w, after, _ := octetAt(s, next); w == ' ' || w == '\t' {
		return after
	}
	return i
}

// utf8At reads the UTF-8 sequence whose first octet, decoded, is at
// offset i of s and is at least 0x80, and returns the offset after it and
// 0 if it is valid; else the offset after its maximal invalid prefix and
// InvalidUTF8, or, for an overlong form, the offset after it, the rune a
// lenient decoder reads and OverlongUTF8 (RFC 3629, Section 3 lists the
// valid sequences).
func utf8At(s string, i int) (next int, r rune, kind FindingKind) {
	b0, j, _ := octetAt(s, i)
	// need is the number of continuation octets; lo and hi bound the
	// first of them for a valid sequence, overlong marks leads whose
	// low second octets make an overlong form.
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	overlong := false
	switch {
	case b0 < 0xC0:
		return j, 0, InvalidUTF8 // a stray continuation octet
	case b0 < 0xC2:
		need, overlong = 1, true
	case b0 < 0xE0:
		need = 1
	case b0 == 0xE0:
		need, lo, overlong = 2, 0xA0, true
	case b0 == 0xED:
		need, hi = 2, 0x9F // no surrogates
	case b0 < 0xF0:
		need = 2
	case b0 == 0xF0:
		need, lo, overlong = 3, 0x90, true
	case b0 < 0xF4:
		need = 3
	case b0 == 0xF4:
		need, hi = 3, 0x8F // nothing above U+10FFFF
	default:
		return j, 0, InvalidUTF8
	}
	r = rune(b0) & (0x3F >> need)
	short := false // the sequence is overlong
	for k := 0; k < need; k++ {
		if j >= len(s) {
			return j, 0, InvalidUTF8
		}
		b, n, _ := octetAt(s, j)
		if b < 0x80 || b > 0xBF {
			return j, 0, InvalidUTF8
		}
		if k == 0 && (b < lo || b > hi) {
			if !overlong || b >= lo {
				return j, 0, InvalidUTF8
			}
			short = true
		}
		if need == 1 && overlong {
			short = true
		}
		r = r<<6 | rune(b&0x3F)
		j = n
	}
	if short {
		return j, r, OverlongUTF8
	}
	return j, 0, 0
}

// ---------------------------------------------------------------------------
// Authority

// userinfo checks u's userinfo, which starts at offset base of its text
// (RFC 3986, Section 7.5 and RFC 3986, Section 7.6).
func (c *checker) userinfo(u URI, base int) {
	c.begin("userinfo")
	user, pass, hasColon := strings.Cut(u.Userinfo, ":")
	if hasColon && pass != "" {
		c.report(Password, base+len(user)+1, netip.Addr{},
			"the userinfo holds a password after ':': the \"user:password\" form is deprecated, and a URI is shown, logged and sent on as it is")
	}
	if looksLikeHost(user) {
		c.report(DeceptiveUserinfo, base, netip.Addr{},
			"the user name before '@' looks like a host name, but the host is "+excerpt(u.Host))
	}
	c.octets(user, base, false, false, lineBreaksNone)
	if hasColon {
		c.octets(pass, base+len(user)+1, false, true, lineBreaksNone)
	}
	c.flush()
}

// looksLikeHost reports whether s, decoded, has two letters or digits
// separated by '.', the mark of a host name's labels.
func looksLikeHost(s string) bool {
	var prev, dot bool // an alphanumeric octet came last; and then a '.'
	for i := 0; i < len(s); {
		b, next, _ := octetAt(s, i)
		an := is(b, cAlpha|cDigit)
		if an && dot {
			return true
		}
		dot = b == '.' && prev
		prev = an
		i = next
	}
	return false
}

// host checks u's host, which starts at offset base of its text
// (RFC 3986, Section 7.3 and RFC 3986, Section 7.4).
func (c *checker) host(u URI, base int) {
	c.begin("host")
	h := u.Host
	switch u.HostKind() {
	case IPvFuture:
		c.report(FutureIP, base, netip.Addr{},
			"the host "+excerpt(h)+" is an IPvFuture literal: no resolver implements one, so software that meets it does what it likes")
	case IPv6:
		a, ok := u.LiteralAddr()
		if !ok {
			break
		}
		if v4, form := embeddedIPv4(a); form != "" {
			c.report(IPv4InIPv6, base, v4,
				"the IPv6 address "+excerpt(h)+" is "+form+" that reaches the IPv4 address "+v4.String()+": filter on the address, not the text")
		}
	case RegName:
		if p := firstTriplet(h); p >= 0 {
			ascii, idn := encodedIDN(h)
			switch {
			case idn:
				c.report(IDNHost, base, netip.Addr{},
					"the host is the internationalized domain name "+decodedExcerpt(h)+": resolvers and browsers look up "+excerpt(ascii)+" (UTS #46 ToASCII), so compare hosts by that name")
			case ascii != "":
				c.report(EncodedHost, base+p, netip.Addr{},
					"the host is percent-encoded: resolvers decode it to "+decodedExcerpt(h)+" and look up "+excerpt(ascii)+" (UTS #46 ToASCII), so compare hosts after decoding and IDNA")
			default:
				c.report(EncodedHost, base+p, netip.Addr{},
					"the host is percent-encoded: resolvers decode it to "+decodedExcerpt(h)+" before they look it up, so compare hosts after decoding")
			}
		}
		if a, who := numericIPv4(h); who != "" {
			c.report(NonstandardIPv4, base, a,
				"the host "+excerpt(h)+" is not a dotted-decimal IPv4 address, but "+who+" it as "+a.String()+": filter on the address, not the text")
		}
		c.localhost(h, base, false)
		c.octets(h, base, true, false, lineBreaksNone)
	}
	c.flush()
}

// encodedIDN reads h, a reg-name with a pct-encoded triplet, as the URL
// Standard's host parser does (percent-decoding, then "domain to ASCII":
// hostIDNA) and returns the ASCII name when that differs from the decoded
// text with its ASCII letters lowercased and is not an IP address, else
// "". idn reports an IDNHost: every triplet encodes an octet of a
// non-ASCII character, and the decoded text, ASCII letters lowercased, is
// the Unicode form of that ASCII name. It runs for hosts with a triplet
// only.
func encodedIDN(h string) (ascii string, idn bool) {
	d, err := Decode(h)
	if err != nil || !utf8.ValidString(d) {
		return "", false
	}
	a, shown, bad := hostIDNA(d)
	folded := strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, d)
	if bad >= 0 || a == folded || endsInNumber(a) {
		return "", false
	}
	for i := 0; i < len(h); i++ {
		if o, _, enc := octetAt(h, i); enc && o < utf8.RuneSelf {
			return a, false
		}
	}
	return a, shown == folded
}

// firstTriplet returns the offset of the first pct-encoded triplet in s,
// or -1.
func firstTriplet(s string) int {
	for i := 0; i < len(s); i++ {
		if _, _, enc := octetAt(s, i); enc {
			return i
		}
	}
	return -1
}

// decodedExcerpt quotes the decoded octets of s for a message, as excerpt
// quotes text: a '%' that starts no triplet stands for itself, and only
// the first maxExcerpt octets are decoded.
func decodedExcerpt(s string) string {
	var buf [maxExcerpt]byte
	n, i := 0, 0
	for ; i < len(s) && n < len(buf); n++ {
		buf[n], i, _ = octetAt(s, i)
	}
	q := strconv.Quote(string(buf[:n]))
	if i < len(s) {
		q += "..."
	}
	return q
}

// ---------------------------------------------------------------------------
// Port

// port checks u's port, which starts at offset base of its text
// (RFC 3986, Section 7.2).
func (c *checker) port(u URI, base int) {
	p := u.Port
	if p == "" {
		return
	}
	c.begin("port")
	n := 0 // the port modulo 65536
	over := false
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return // not a port; Validate reports it
		}
		n = n*10 + int(p[i]-'0')
		if n > 65535 {
			over = true
			n &= 0xffff
		}
	}
	def, web := webPort(u.Scheme)
	switch {
	case over:
		c.report(PortOutOfRange, base, netip.Addr{},
			"the port "+excerpt(p)+" is above 65535: software that wraps it around connects to port "+strconv.Itoa(n))
	case web && n != int(def):
		if name, bad := badPorts[uint16(n)]; bad {
			c.report(BadPort, base, netip.Addr{},
				"port "+strconv.Itoa(n)+" ("+name+") is a bad port of the Fetch Standard: a request sent there can drive that other protocol, and browsers refuse it")
		}
	}
}

// badPorts is the bad port list of the Fetch Standard, section "Port
// blocking" (https://fetch.spec.whatwg.org/#port-blocking), with port 0
// added in August 2025 (whatwg/fetch pull request 1847), and the service
// names it gives.
var badPorts = map[uint16]string{
	0: "reserved", 1: "tcpmux", 7: "echo", 9: "discard", 11: "systat", 13: "daytime",
	15: "netstat", 17: "qotd", 19: "chargen", 20: "ftp-data", 21: "ftp", 22: "ssh",
	23: "telnet", 25: "smtp", 37: "time", 42: "name", 43: "nicname", 53: "domain",
	69: "tftp", 77: "priv-rjs", 79: "finger", 87: "ttylink", 95: "supdup",
	101: "hostname", 102: "iso-tsap", 103: "gppitnp", 104: "acr-nema", 109: "pop2",
	110: "pop3", 111: "sunrpc", 113: "auth", 115: "sftp", 117: "uucp-path",
	119: "nntp", 123: "ntp", 135: "epmap", 137: "netbios-ns", 139: "netbios-ssn",
	143: "imap", 161: "snmp", 179: "bgp", 389: "ldap", 427: "svrloc",
	465: "submissions", 512: "exec", 513: "login", 514: "shell", 515: "printer",
	526: "tempo", 530: "courier", 531: "chat", 532: "netnews", 540: "uucp",
	548: "afp", 554: "rtsp", 556: "remotefs", 563: "nntps", 587: "submission",
	601: "syslog-conn", 636: "ldaps", 989: "ftps-data", 990: "ftps", 993: "imaps",
	995: "pop3s", 1719: "h323gatestat", 1720: "h323hostcall", 1723: "pptp",
	2049: "nfs", 3659: "apple-sasl", 4045: "npp", 4190: "sieve", 5060: "sip",
	5061: "sips", 6000: "x11", 6566: "sane-port", 6665: "ircu", 6666: "ircu",
	6667: "ircu", 6668: "ircu", 6669: "ircu", 6679: "osaut", 6697: "ircs-u",
	10080: "amanda",
}

// ---------------------------------------------------------------------------
// Path

// path checks path, which starts at offset base of the URI's text, octet
// by octet and segment by segment (RFC 3986, Section 7.3).
func (c *checker) path(path string, base int) {
	if path == "" {
		return
	}
	c.begin("path")
	c.octets(path, base, true, false, lineBreaksNone)
	for i := 0; i <= len(path); {
		end := strings.IndexByte(path[i:], '/')
		if end < 0 {
			end = len(path)
		} else {
			end += i
		}
		if seg := path[i:end]; seg != "" {
			c.segment(seg, base+i)
		}
		i = end + 1
	}
	c.flush()
}

// segment checks one path segment, seg, at offset base.
func (c *checker) segment(seg string, base int) {
	if isDevice(seg) {
		c.add(DeviceName, base, c.unsecret(base, seg), 0)
	}
	if strings.IndexByte(seg, '%') < 0 && strings.IndexByte(seg, ';') < 0 {
		return
	}
	// Walk the decoded octets, split at decoded '/' and '\' (and at the
	// characters NFKC maps to them) into pieces; a piece of one or two
	// dots, where a character NFKC maps to full stops (nfkcStops) counts
	// as those and a ';' ends what counts, makes the segment a dot segment
	// to some back end. first is the offset of the segment's first triplet.
	first := -1
	dots, piece := 0, 0 // dots in the piece, octets in the piece before any ';'
	param := false      // a ';' was read in the piece
	dotted := false
	for i := 0; i < len(seg); {
		b, next, enc := octetAt(seg, i)
		if enc {
			if first < 0 {
				first = i
			}
			switch {
			case b == '/' || b == '\\':
				c.add(EncodedSlash, base+i, c.unsecret(base+i, seg[i:next]), rune(b))
			case b == '%' && next < len(seg):
				if h1, n1, _ := octetAt(seg, next); is(h1, cHex) && n1 < len(seg) {
					if h2, n2, _ := octetAt(seg, n1); is(h2, cHex) {
						c.add(DoubleEncoding, base+i, c.unsecret(base+i, seg[i:n2]), 0)
					}
				}
			}
		}
		sep := enc && (b == '/' || b == '\\')
		stops := 0 // the full stops an NFKC character stands for
		if enc && (b == 0xEF || b == 0xE2) {
			if n, k, nsep := nfkcStops(seg, b, next); k > 0 || nsep {
				next, stops, sep, b = n, k, nsep, 0
			}
		}
		switch {
		case sep:
			dotted = dotted || (piece > 0 && piece == dots && dots <= 2)
			dots, piece, param = 0, 0, false
		case param:
		case b == ';':
			param = true
		case b == '.':
			piece++
			dots++
		case stops > 0:
			piece += stops
			dots += stops
		default:
			piece++
		}
		i = next
	}
	dotted = dotted || (piece > 0 && piece == dots && dots <= 2)
	if dotted && (first >= 0 || seg != "." && seg != "..") {
		off := first
		if off < 0 {
			off = 0
		}
		c.add(EncodedDotSegment, base+off, c.unsecret(base, seg), 0)
	}
}

// nfkcStops reads the rest of a character that NFKC normalization maps
// to full stops or to a separator, whose lead octet lead (0xEF or 0xE2)
// was percent-encoded before offset i of s, when its other two octets
// are encoded there too: U+FF0E FULLWIDTH FULL STOP ("%EF%BC%8E"),
// U+FE52 SMALL FULL STOP ("%EF%B9%92") and U+2024 ONE DOT LEADER
// ("%E2%80%A4") are '.'; U+2025 TWO DOT LEADER ("%E2%80%A5") and U+FE30
// PRESENTATION FORM FOR VERTICAL TWO DOT LEADER ("%EF%B8%B0") are "..";
// U+FF0F FULLWIDTH SOLIDUS ("%EF%BC%8F") is '/' and U+FF3C FULLWIDTH
// REVERSE SOLIDUS ("%EF%BC%BC") and U+FE68 SMALL REVERSE SOLIDUS
// ("%EF%B9%A8") are '\'. It returns the offset after the character, how
// many full stops it stands for, and whether it stands for a separator;
// or i, 0 and false. (U+2026 HORIZONTAL ELLIPSIS and U+FE19 are "...",
// which is no dot segment.)
func nfkcStops(s string, lead byte, i int) (next, dots int, sep bool) {
	if i >= len(s) {
		return i, 0, false
	}
	b1, j, enc1 := octetAt(s, i)
	if !enc1 || j >= len(s) {
		return i, 0, false
	}
	b2, k, enc2 := octetAt(s, j)
	if !enc2 {
		return i, 0, false
	}
	switch uint32(lead)<<16 | uint32(b1)<<8 | uint32(b2) {
	case 0xEFBC8E, 0xEFB992, 0xE280A4:
		return k, 1, false
	case 0xE280A5, 0xEFB8B0:
		return k, 2, false
	case 0xEFBC8F, 0xEFBCBC, 0xEFB9A8:
		return k, 0, true
	}
	return i, 0, false
}

// isDevice reports whether seg, decoded, names a Windows device: the part
// before the first '.', with trailing spaces removed, is one of CON, PRN,
// AUX, NUL, COM1-COM9, LPT1-LPT9, CONIN$ or CONOUT$ in any case.
func isDevice(seg string) bool {
	var name [7]byte
	n := 0
	for i := 0; i < len(seg); {
		b, next, _ := octetAt(seg, i)
		if b == '.' {
			break
		}
		if n == len(name) {
			// only trailing spaces may follow a name of seven octets
			if b != ' ' {
				return false
			}
		} else {
			name[n] = lower(b)
			n++
		}
		i = next
	}
	for n > 0 && name[n-1] == ' ' {
		n--
	}
	switch s := string(name[:n]); s {
	case "con", "prn", "aux", "nul", "conin$", "conout$":
		return true
	default:
		if len(s) < 4 || s[:3] != "com" && s[:3] != "lpt" {
			return false
		}
		// COM1-COM9, and the superscript digits U+00B9, U+00B2 and U+00B3
		// (UTF-8 C2 B9, C2 B2, C2 B3), which Windows also reads as devices.
		return len(s) == 4 && '1' <= s[3] && s[3] <= '9' ||
			len(s) == 5 && s[3] == 0xC2 && (s[4] == 0xB9 || s[4] == 0xB2 || s[4] == 0xB3)
	}
}

// dotLikeAt returns the offset of the first segment of path, in its
// routed form, that Vet reports as EncodedDotSegment, or -1. Only a
// segment with a '%' or a ';' can be one, so it looks at those alone,
// each once.
func dotLikeAt(path string) int {
	next := func(c byte, from int) int {
		if k := strings.IndexByte(path[from:], c); k >= 0 {
			return from + k
		}
		return len(path)
	}
	semi, pct := next(';', 0), next('%', 0)
	for {
		k := min(semi, pct)
		if k == len(path) {
			return -1
		}
		start := strings.LastIndexByte(path[:k], '/') + 1
		end := segmentEnd(path, k)
		if dotLike(path[start:end]) {
			return start
		}
		after := min(end+1, len(path))
		if semi < after {
			semi = next(';', after)
		}
		if pct < after {
			pct = next('%', after)
		}
	}
}

// dotLike reports whether seg is a segment that Vet reports as
// EncodedDotSegment (RFC 3986, Section 7.3).
func dotLike(seg string) bool {
	if strings.IndexByte(seg, '%') < 0 && strings.IndexByte(seg, ';') < 0 {
		return false
	}
	var c checker
	c.segment(seg, 0)
	return c.set&(1<<EncodedDotSegment) != 0
}
