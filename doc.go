// Package uri implements RFC 3986, Uniform Resource Identifier (URI):
// Generic Syntax, exactly: a strict parser, recomposition that gives the
// input back byte for byte, reference resolution and its inverse, and the
// normalization and comparison ladder of Section 6.
//
// On that core it does the jobs programs do with URIs, each in one call
// (see Jobs): serving and proxying HTTP requests, sending redirects,
// turning files into URIs and back, editing query strings, reaching hosts
// written in any script. Use it where net/url is too loose, too lossy or
// too slow: caches and crawlers that compare URIs, proxies and gateways
// that must reject bad input, editors and language servers that map
// files, and security tools that vet links.
//
// # Terminology
//
// The package uses the RFC's terms (RFC 3986, Section 4):
//
//   - A URI has a scheme: "http://example.com/a?b#c", "mailto:x@y".
//   - A relative reference has none: "../a", "//host/x", "?q", "#f", "".
//   - A URI-reference is either; it is what Parse accepts, and what appears
//     in documents as a link.
//   - An absolute URI is a URI without a fragment; a base URI must be one
//     (RFC 3986, Section 5.1).
//
// # The URI value
//
// A URI is a plain comparable struct of seven raw component strings and
// five flags that keep an empty component ("http://a?") apart from an
// absent one ("http://a"). Parse never decodes, lowercases or otherwise
// repairs its input: Parse(s).String() == s for every valid s, and
// decoding is an explicit, separate step. Values are immutable in use and
// safe for concurrent use.
//
// # Where each part of RFC 3986 lives
//
//   - Section 2, characters and percent-encoding: Encode, Decode,
//     CheckComponent and Component; URI.Segments and URI.DecodedSegments
//     decode a path segment by segment, so "%2F" stays data.
//   - Section 3, syntax components: URI, Parse, ParseURI, ParseRelative,
//     ParseAbsolute, MustParse, Valid, URI.Validate.
//   - Section 3.2.2, host: HostKind, URI.HostKind, URI.LiteralAddr (IPv4, IPv6
//     with embedded IPv4, IPvFuture, reg-name).
//   - Section 3.2.3, port: URI.PortNumber.
//   - Section 4, usage: Parse (URI-reference, 4.1), ParseRelative
//     (relative-ref, 4.2), ParseAbsolute (absolute-URI, 4.3),
//     URI.IsRelative, URI.IsAbsolute, URI.IsSameDocument (4.4).
//   - Section 5.2, resolution: URI.Resolve, URI.ResolveNonStrict,
//     ResolveString, RemoveDotSegments (5.2.4), and the inverse,
//     URI.Relativize.
//   - Section 5.3, recomposition: URI.String, URI.AppendTo.
//   - Section 6, normalization and comparison: Level, URI.Normalize,
//     NormalizeString, Equivalent, URI.Key, Explain (an Explanation, a
//     list of each Difference), and Normalizer with SchemeRule for
//     scheme-based rules as data (DefaultSchemes).
//   - Section 7, security considerations: URI.Vet, Finding and
//     FindingKind, and
//     URI.Addrs, every IP address that readers of the host connect to,
//     for SSRF guards.
//   - Appendix A, the grammar: one parsing function per rule.
//   - Appendix C and Section 4.5, URIs in text: Find, Finder and Found.
//
// # Jobs
//
// Each job below is one call that reads its input as the standard named
// says the other side reads it, so that a program writes no URI logic of
// its own at the places where its security depends on it:
//
//   - Serving and proxying HTTP (RFC 9112, Section 3.2; RFC 9110, Sections
//     4.2 and 7.2): TargetURI and TargetForm read a request-target and its
//     Host field as one URI; ParseHost reads a Host field; URI.Hostname and
//     URI.DialAddr give the name and the address to dial; DefaultPort;
//     RoutePath with PathPolicy (and its SlashRule for encoded separators)
//     gives one path to the router, the access check and the upstream, and URI.Forward (URI.ForwardWith for a
//     policy other than the zero one) the upstream's URI.
//   - Redirects and origins (URL Standard; HTML, "same origin"; RFC 6749
//     and RFC 9700 for OAuth): WebParser.LocalRedirect gives a Location
//     value only for a same-origin reference, and
//     WebParser.LocalRedirectPath a path-absolute one against the site's
//     configured origin (behind a proxy); WebParser.SameOrigin and
//     WebParser.Origin compare origins, WebParser.Base prepares a base
//     URL for many references (WebBase), and RedirectURIMatch compares an
//     OAuth redirect_uri with the registered one.
//   - Files (RFC 8089): FromFilePath and AppendFileURI turn POSIX and
//     Windows paths into file URIs, URI.FilePath and URI.FileKey turn
//     them back, and SameFile compares two; the style is always a
//     parameter (PathStyle; NativeStyle is the running system's).
//   - Query strings (URL Standard, "application/x-www-form-urlencoded"):
//     ParseForm and EncodeForm read and write forms as browsers do,
//     ComponentForm and ComponentUnreserved encode for them and for
//     request signing, and URI.QueryParamAll, URI.FormParam,
//     URI.FormParamAll, URI.WithoutQueryParamFunc and URI.SortQueryParams
//     read and edit a query without touching the bytes of other pairs.
//   - Templates as routes (RFC 6570): Template.Route with RouteOptions
//     matches request URIs for a router, and Template.ExpandURI (and
//     Template.ExpandURIWith, with ExpandOptions) builds a URI from values
//     you do not control without letting one become a dot segment or an
//     authority.
//   - What people type and configuration values: ParseUserInput reads one web
//     address as typed into a form field (the URL Standard's parser, or a
//     suffix reference of RFC 3986, Section 4.5 with a default scheme);
//     Endpoint is a URI that names a server (ParseEndpoint), whose
//     decoders reject "" and "localhost:8080"; RedactAttr masks passwords in slog records.
//   - Hosts in any script (UTS #46, RFC 3492, RFC 5891 to 5893):
//     DomainToASCII and DomainToUnicode, and an IDNA profile with the
//     processing flags as parameters, on the data of UnicodeVersion; the
//     web parser, the Normalizer, Vet, Addrs and
//     Hostname use them.
//   - Cross-origin decisions (HTML, "same site" and "serialization of an
//     origin"; Fetch, "HTTP-redirect fetch"; Referrer Policy):
//     ParseOriginSet and OriginSet.Allows match an Origin header against
//     configured origins; ParseSuffixList reads the Public Suffix List into
//     Suffixes, a SuffixList, for RegistrableDomain, WebParser.Site and
//     WebParser.SameSite; ParseReferrerPolicy and ParseReferrerPolicyHeader
//     (a ReferrerPolicy) and WebParser.Referrer give the Referer a browser
//     sends; WebParser.Redirect gives a redirect's next hop (RedirectHop)
//     with the headers to drop, and WebParser.NewRedirectChain a
//     RedirectChain that follows a request's redirects hop by hop.
//   - Links people click (URL Standard; HTML; Fetch, "data: URL
//     processor"; MIME Sniffing; RFC 6068): WebParser.LinkScheme reads the
//     scheme a browser runs a link with, LinkPolicy.Allows decides whether
//     to keep it, ParseDataURL (a DataURL) and AppendDataURLBody read
//     data: URLs,
//     ParseMediaType reads a MIME type, and ParseMailto and Mailto.URI
//     read and write mailto: URIs.
//   - Editing a URL as a browser does (URL Standard, "URL class"): the
//     WebParser setters (WebParser.SetHost, WebParser.SetPathname, ...)
//     and WebParser.Attributes (WebAttributes) do what assigning to a
//     URL object's attributes does, on a URI.
//
// # Beyond RFC 3986
//
// ParseIRI reads IRIs (RFC 3987), and ParseWeb, URI.ResolveWeb and
// WebParser read browser input as the URL Standard's basic URL parser
// does, into a strict URI; with ParseUserInput these are the lenient entry
// points, each explicit, each following a published standard, each
// returning a strict URI. WebParser.Origin gives a URL's origin as a
// browser compares it. URI.IRI writes a URI as an IRI for people
// (RFC 3987, Section 3.2). ParseTemplate, MustParseTemplate, Template.Expand and
// Template.Match implement URI Templates (RFC 6570). SchemeBased writes
// IPv6 literals in RFC 5952 text. The With methods build URIs from decoded
// data; QueryParams and FormParam read key=value queries; FromURL and
// URI.URL convert to and from net/url; and URI implements
// encoding.TextMarshaler, encoding.TextUnmarshaler, database/sql.Scanner,
// driver.Valuer and slog.LogValuer (a URI logged as an attribute's value
// shows no password; inside a struct, in %v or in an error it does, and
// RedactAttr masks those in a handler).
//
// # Deviations from the letter of the RFC
//
// One, for safety: where resolution or normalization leaves a path that
// would read as an authority without one ("foo:/a" with "..//b" gives the
// path "//b") or as a scheme in a relative reference, the path is written
// with a dot segment before it ("/.//b", "./a:b"), which keeps its meaning
// and makes the text read back as the same URI. See URI.Resolve.
//
// # Strictness and errors
//
// The parser accepts exactly the language of RFC 3986's ABNF, tested
// against a regular expression transcribed from Appendix A on every byte
// in every component and under fuzzing. Every failure is an *Error with
// the input, the byte offset of the first offending byte, what the grammar
// expected there, and a sentinel per component (ErrScheme, ErrUserinfo,
// ErrHost, ErrPort, ErrPath, ErrQuery, ErrFragment) for errors.Is. Error
// messages never print a password from the userinfo.
//
// The jobs and the lenient readers report through *Error too, each with
// sentinels of its own: ErrPercentEncoding (Decode), ErrRequestTarget
// (TargetURI), ErrWeb, ErrWebIDNA and ErrWebBase (the web
// parser), ErrCrossOrigin (LocalRedirect), ErrRedirect
// (WebParser.Redirect, RedirectChain), ErrOrigin (ParseOriginSet), ErrSite
// (RegistrableDomain), ErrReferrerPolicy, ErrFilePath with the rule
// that failed (ErrFileScheme, ErrFileHost, ErrFileRelative, ErrFileDrive,
// ErrFileNUL, ErrFileSeparator, ErrFileDotSegment, ErrFileDevice,
// ErrFileOverlong), ErrIDNA, ErrIRI, ErrTemplate, ErrDataURL, ErrMediaType
// and ErrMailto.
//
// Two rejections deserve a word. IPv6 zone identifiers ("[fe80::1%25en0]")
// are not RFC 3986 syntax: RFC 6874 added them, and RFC 9844 (2025)
// obsoleted RFC 6874, so they are rejected with ErrHost. A colon in the
// first segment of a relative reference ("a_b:c") is rejected with
// ErrScheme at the first byte that cannot belong to a scheme, because such
// a reference almost always meant to have one; "./a_b:c" is the relative
// spelling.
//
// # Speed
//
// Parse does not allocate. It reads the input forward once, each component
// a run of bytes tested eight at a time against one class table, and
// explains a failure only after it has failed; on real URLs each seen once
// (a corpus of 22,002, in a new order every pass) it runs about five
// times faster than net/url.Parse, and about ten times on a small corpus
// replayed until the CPU has learned it (see the README's Speed section).
// Resolve, Normalize and String allocate at most once each; ResolveString and NormalizeString return their input
// without allocating when it is already the answer. Benchmarks beside each
// hot path compare with net/url in the same run.
package uri
