package uri

import (
	"cmp"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// Query strings.
//
// RFC 3986, Section 3.4 gives the query no inner structure; the key=value
// pairs joined by '&' that HTML forms produce are a convention on top of it,
// which servers and browsers read in two ways. The package offers both and
// lets the caller choose:
//
//   - As RFC 3986 writes it: QueryParams, QueryParam and QueryParamAll split
//     the query on '&' and at the first '=' and percent-decode keys and
//     values, so a '+' is a plus sign.
//   - As a browser reads a form submission: ParseForm, FormParam and
//     FormParamAll follow the URL Standard's application/x-www-form-urlencoded
//     parser, where a '+' is a space and invalid UTF-8 becomes U+FFFD.
//
// Both read ';' as data and never fail. net/url's ParseQuery is a third
// reading, where a ';' or a stray '%' is an error: url.ParseQuery(u.Query)
// gives it to code that wants url.Values.
//
// Edits read the query as a list of pieces, the text between '&'s: an edit
// replaces, removes or appends the pieces whose key it names and leaves
// every other piece byte for byte as it was, empty pieces, ';' and the
// case of percent-encodings included, so that a server reading the query
// still reads every pair the caller did not touch as before. An empty query
// has no pieces. The edits (WithQueryParam, WithoutQueryParam,
// WithoutQueryParamFunc) match a piece whose key is the given key in
// either reading: decoded as QueryParam reads it (RFC 3986: "%61" is "a",
// "+" is "+") or as FormParam reads it (URL Standard: "+" is a space,
// invalid UTF-8 is U+FFFD), since a server reads one or the other and an
// edit must leave no second reading of the key behind:
// WithoutQueryParam("return to") removes "return+to=..." as well as
// "return%20to=...", and WithoutQueryParam("a+b") removes "a+b=..." and
// "a%2Bb=...". They write what they add with ComponentQueryValue, which
// both readings read back as the key and value given (for valid UTF-8);
// SortQueryParams follows URLSearchParams instead.

// QueryParams returns an iterator over the key=value pairs of u's query
// (RFC 3986, Section 3.4), in order, split on '&' and at the first '=',
// each key and value percent-decoded (RFC 3986, Section 2.1); a '+' stays a
// plus sign, and a '%' that starts no triplet, which only a hand-built URI
// can hold, stays as it is. A pair without '=' has the value ""; empty
// pairs ("a=1&&b=2") are skipped. A key or value without '%' is a
// substring of the query; the others share one buffer, allocated at most
// once per iteration and no larger than the query.
func (u URI) QueryParams() iter.Seq2[string, string] {
	return queryPairs(u.Query, false)
}

// QueryParam returns the value of the first pair of u's query (RFC 3986,
// Section 3.4) whose decoded key is key (see QueryParams), and whether
// there is one.
func (u URI) QueryParam(key string) (string, bool) {
	for p := range piecesRest(u.Query) {
		if k, v, _ := strings.Cut(p, "="); p != "" && keyIs(k, key) {
			var d queryDecoder
			return d.decode(v, len(v)), true
		}
	}
	return "", false
}

// QueryParamAll returns the values of the pairs of u's query (RFC 3986,
// Section 3.4) whose decoded key is key, in order, decoded as QueryParams
// decodes them, or nil if there is none. It allocates the slice, and one
// buffer for the values that need decoding.
func (u URI) QueryParamAll(key string) []string {
	n := 0
	for p := range piecesRest(u.Query) {
		if k, _, _ := strings.Cut(p, "="); p != "" && keyIs(k, key) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	d := queryDecoder{}
	for p, rest := range piecesRest(u.Query) {
		if k, v, _ := strings.Cut(p, "="); p != "" && keyIs(k, key) {
			out = append(out, d.decode(v, rest))
		}
	}
	return out
}

// ParseForm returns an iterator over the name-value pairs of query read as
// the URL Standard's application/x-www-form-urlencoded parser reads it (URL
// Standard, "application/x-www-form-urlencoded parsing"), the way a browser,
// URLSearchParams and most servers read a form submission: the query is
// split on '&' only (a ';' is data), empty pieces are skipped, each piece
// is split at its first '=' (a piece without one is a name with the value
// ""), a '+' is a space, each "%XX" triplet is decoded and a '%' that starts
// none stays as it is, and invalid UTF-8 becomes U+FFFD, one for each
// maximal ill-formed subsequence, as the Encoding Standard's UTF-8 decoder
// writes it. It never fails: every byte string has a reading.
//
// Pass it a query without its '?', such as u.Query (URLSearchParams's
// constructor strips a leading '?'; the parser does not). A name or value
// that needs no decoding is a substring of query, without allocating; the
// others share one buffer, allocated at most once per iteration and no
// larger than query, so a string kept from the iteration keeps at most
// about len(query) bytes alive, as a substring does (strings.Clone cuts it
// loose). A name or value with invalid UTF-8 gets its own allocation.
func ParseForm(query string) iter.Seq2[string, string] {
	return queryPairs(query, true)
}

// queryPairs is QueryParams (form false) or ParseForm (form true). It
// reads each piece in one pass, finding its end, its first '=' and whether
// its key and value need decoding, and yields substrings when they do not.
func queryPairs(query string, form bool) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		d := queryDecoder{form: form}
		for i := 0; i < len(query); i++ {
			start, eq, work := i, -1, 0 // work: 1 for the key, 2 for the value
			for ; i < len(query) && query[i] != '&'; i++ {
				switch c := query[i]; {
				case c == '=' && eq < 0:
					eq = i
				case c == '%' || form && (c == '+' || c >= utf8.RuneSelf):
					work |= 1 + min(eq+1, 1) // 1 before the '=', 2 after
				}
			}
			if i == start {
				continue // an empty piece
			}
			k, v := query[start:i], ""
			if eq >= 0 {
				k, v = query[start:eq], query[eq+1:i]
			}
			if work&1 != 0 {
				k = d.decode(k, len(query)-start)
			}
			if work&2 != 0 {
				v = d.decode(v, len(query)-start)
			}
			if !yield(k, v) {
				return
			}
		}
	}
}

// FormParam returns the value of the first pair of u's query whose name is
// key, both read as ParseForm reads them (URL Standard,
// "application/x-www-form-urlencoded parsing": '+' is a space), and whether
// there is one. Use it for a query that a browser wrote from a form.
func (u URI) FormParam(key string) (string, bool) {
	keys := queryDecoder{form: true}
	for p, rest := range piecesRest(u.Query) {
		if k, v, _ := strings.Cut(p, "="); p != "" && keys.match(k, key, rest) {
			d := queryDecoder{form: true}
			return d.decode(v, len(v)), true
		}
	}
	return "", false
}

// FormParamAll returns the values of the pairs of u's query whose name is
// key, in order, both read as ParseForm reads them (URL Standard,
// "application/x-www-form-urlencoded parsing"), or nil if there is none.
func (u URI) FormParamAll(key string) []string {
	keys := queryDecoder{form: true}
	n := 0
	for p := range piecesRest(u.Query) {
		if k, _, _ := strings.Cut(p, "="); p != "" && keys.match(k, key, len(u.Query)) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	values := queryDecoder{form: true}
	for p, rest := range piecesRest(u.Query) {
		if k, v, _ := strings.Cut(p, "="); p != "" && keys.match(k, key, len(u.Query)) {
			out = append(out, values.decode(v, rest))
		}
	}
	return out
}

// EncodeForm returns pairs serialized as the URL Standard's
// application/x-www-form-urlencoded serializer writes them (URL Standard,
// "application/x-www-form-urlencoded serializing"): each name and value
// encoded with ComponentForm (a space is '+', only ALPHA, DIGIT and "*-._"
// are kept), joined by '=', the pairs joined by '&'. For valid UTF-8 the
// result is byte for byte what URLSearchParams's toString and a browser's
// form submission write, and ParseForm reads the pairs back; other bytes are
// encoded as they are, where ParseForm reads U+FFFD. The result is valid as
// a query and as a request body of type application/x-www-form-urlencoded.
func EncodeForm(pairs iter.Seq2[string, string]) string {
	var b []byte
	for k, v := range pairs {
		if len(b) > 0 {
			b = append(b, '&')
		}
		b = appendEncode(b, k, ComponentForm)
		b = append(b, '=')
		b = appendEncode(b, v, ComponentForm)
	}
	return bytesString(b)
}

// WithQueryParam returns u with the pair key=value in its query, both
// percent-encoded with ComponentQueryValue (RFC 3986, Section 3.4; '&',
// '=', '+' and ';' are encoded too). The first pair whose key reads as
// key, decoded as QueryParam or as FormParam decodes it (so "a+b" and
// "a%20b" for "a b"; see Query strings above), is replaced in place and
// later ones are removed, as URLSearchParams's set does; without one, the
// pair is added at the end. Afterwards exactly one pair has the key in
// either reading.
// Every other piece of the query keeps its bytes and its place:
// WithQueryParam("a", "2") on "?b=%2f&a=1&&c" gives "?b=%2f&a=2&&c".
func (u URI) WithQueryParam(key, value string) URI {
	return u.editQuery(key, nil, value, true)
}

// AddQueryParam returns u with the pair key=value, percent-encoded as by
// WithQueryParam, added at the end of its query (RFC 3986, Section 3.4),
// after any pairs with the same key. The query before it is kept byte for
// byte: "?a=1&" gives "?a=1&&b=2"; an empty or absent query gives "?b=2".
func (u URI) AddQueryParam(key, value string) URI {
	return u.addPair(key, value)
}

// WithoutQueryParam returns u without the pairs of its query whose key
// reads as key (RFC 3986, Section 3.4), decoded as QueryParam decodes it
// or as FormParam does ('+' a space, invalid UTF-8 U+FFFD; URL Standard,
// "application/x-www-form-urlencoded parsing"), such as tracking
// parameters: afterwards no pair has the key in either reading, so that
// WithoutQueryParam("return to") removes "return+to=...", which net/url's
// ParseQuery, URLSearchParams and FormParam read as "return to". Each removed pair takes one '&' with it; every other piece
// keeps its bytes: without "a", "?b=%2f&a=1&&c" is "?b=%2f&&c". A query
// left empty stays defined: "?a=1" without "a" is "?", which is a different
// URI from one without a query; use WithoutQuery for that.
func (u URI) WithoutQueryParam(key string) URI {
	return u.editQuery(key, nil, "", false)
}

// WithoutQueryParamFunc returns u without the pairs of its query whose
// key makes drop return true, as WithoutQueryParam removes the pairs of
// one key: for instance every key that starts with "utm_". drop is called
// with the key decoded as QueryParams decodes it (RFC 3986, Section 3.4)
// and, when that returns false and the form reading differs ('+' a space,
// invalid UTF-8 U+FFFD; see FormParam), with the key as ParseForm decodes
// it: a pair goes when either reading is dropped. Empty pieces are not
// pairs and are not passed to drop; drop may keep the strings it is
// given.
func (u URI) WithoutQueryParamFunc(drop func(key string) bool) URI {
	return u.editQuery("", drop, "", false)
}

// SortQueryParams returns u with the pairs of its query in the order
// URLSearchParams's sort puts them (URL Standard, "URLSearchParams", the
// sort() method): a stable sort by name, the names read as ParseForm reads
// them ("a+b" is "a b") and compared as sequences of UTF-16 code units, as
// JavaScript compares strings (so U+1F600 sorts before U+E000). Pairs with
// the same name keep their order. Unlike URLSearchParams, which writes the
// whole query anew, each pair keeps its bytes; empty pieces, which are not
// pairs, are dropped. Sorting makes equal pair lists compare equal, for
// cache keys; a request signature needs its own canonical form (see
// ComponentUnreserved).
func (u URI) SortQueryParams() URI {
	q := u.Query
	if q == "" {
		return u
	}
	type pair struct{ name, raw string }
	ps := make([]pair, 0, strings.Count(q, "&")+1)
	d := queryDecoder{form: true}
	for p, rest := range piecesRest(q) {
		if p != "" {
			k, _, _ := strings.Cut(p, "=")
			ps = append(ps, pair{d.decode(k, rest), p})
		}
	}
	sorted := slices.IsSortedFunc(ps, func(a, b pair) int { return compareUTF16(a.name, b.name) })
	if sorted && len(ps) == strings.Count(q, "&")+1 {
		return u // sorted, and no empty piece to drop
	}
	if !sorted {
		slices.SortStableFunc(ps, func(a, b pair) int { return compareUTF16(a.name, b.name) })
	}
	b := make([]byte, 0, len(q))
	for i, p := range ps {
		if i > 0 {
			b = append(b, '&')
		}
		b = append(b, p.raw...)
	}
	u.Query = bytesString(b)
	return u
}

// WithoutQuery returns u without a query (RFC 3986, Section 3.4).
func (u URI) WithoutQuery() URI {
	u.HasQuery, u.Query = false, ""
	return u
}

// pairLen is the length of key=value encoded by appendQueryPair.
func pairLen(key, value string) int {
	return encLen(key, ComponentQueryValue) + 1 + encLen(value, ComponentQueryValue)
}

// appendQueryPair appends key=value to b, each encoded with ComponentQueryValue.
func appendQueryPair(b []byte, key, value string) []byte {
	b = appendEncode(b, key, ComponentQueryValue)
	b = append(b, '=')
	return appendEncode(b, value, ComponentQueryValue)
}

// addPair returns u with key=value added at the end of its query, after
// an '&' unless the query is empty or absent.
func (u URI) addPair(key, value string) URI {
	b := make([]byte, 0, len(u.Query)+1+pairLen(key, value))
	if u.Query != "" {
		b = append(append(b, u.Query...), '&')
	}
	u.HasQuery, u.Query = true, bytesString(appendQueryPair(b, key, value))
	return u
}

// editQuery removes the pieces of u's query whose key, decoded as
// QueryParams or as ParseForm decodes it (editKeys), is key, or, if drop
// is not nil, makes drop true for either reading; or, when
// replace is set, puts key=value (see appendQueryPair) in the place of the
// first of them and appends it if there is none. Empty pieces are not
// pairs and never match. Every other piece keeps its bytes and order; each
// removed piece takes one '&' with it. A query without a match is returned
// as it is when nothing replaces it.
func (u URI) editQuery(key string, drop func(string) bool, value string, replace bool) URI {
	q := u.Query
	var keys queryDecoder             // decodes the keys passed to drop, as RFC 3986 reads them
	forms := queryDecoder{form: true} // and as a form does
	match := func(start, eq int) bool {
		raw := q[start:eq]
		if drop != nil {
			k := keys.decode(raw, len(q))
			if drop(k) {
				return true
			}
			f := forms.decode(raw, len(q))
			return f != k && drop(f)
		}
		return keyIs(raw, key) || forms.match(raw, key, len(q))
	}
	at, end := -1, 0 // the first matching piece, q[at:end]
	for i, more := 0, q != ""; more; i = end + 1 {
		var eq int
		end, eq = pieceAt(q, i)
		more = end < len(q)
		if end > i && match(i, eq) {
			at = i
			break
		}
	}
	switch {
	case at < 0 && replace:
		return u.addPair(key, value)
	case at < 0:
		return u
	}
	n := len(q)
	if replace {
		n += pairLen(key, value)
	}
	b := make([]byte, 0, n)
	b = append(b, q[:at]...) // the pieces before it, each with its '&'
	wrote := at > 0          // whether a piece, maybe empty, is in b
	if replace {
		b, wrote = appendQueryPair(b, key, value), true
	} else if wrote {
		b = b[:len(b)-1] // the '&' goes with the removed piece
	}
	for i, more := end+1, end < len(q); more; i = end + 1 { // the pieces after it
		var eq int
		end, eq = pieceAt(q, i)
		more = end < len(q)
		if end > i && match(i, eq) {
			continue
		}
		if wrote {
			b = append(b, '&')
		}
		b, wrote = append(b, q[i:end]...), true
	}
	u.HasQuery, u.Query = true, bytesString(b)
	return u
}

// pieceAt returns the end of the piece of q that starts at i, the offset
// of the next '&' or len(q) (URL Standard,
// "application/x-www-form-urlencoded parsing", step 1), and the end of its
// key, the offset of its first '=' or the end of the piece.
func pieceAt(q string, i int) (end, eq int) {
	eq = -1
	for end = i; end < len(q) && q[end] != '&'; end++ {
		if q[end] == '=' && eq < 0 {
			eq = end
		}
	}
	if eq < 0 {
		eq = end
	}
	return end, eq
}

// piecesRest returns an iterator over the pieces of query, the text
// between '&'s (URL Standard, "application/x-www-form-urlencoded parsing",
// step 1), each with the length of the query from its start: one piece for
// a query without '&', none for the empty query.
func piecesRest(query string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		if query == "" {
			return
		}
		for q := query; ; {
			p, next, more := strings.Cut(q, "&")
			if !yield(p, len(q)) || !more {
				return
			}
			q = next
		}
	}
}

// keyIs reports whether raw, percent-decoded as QueryParams decodes it, is
// key, without allocating.
func keyIs(raw, key string) bool {
	if strings.IndexByte(raw, '%') < 0 {
		return raw == key
	}
	j := 0
	for i := 0; i < len(raw); j++ {
		o, next, _ := octetAt(raw, i)
		if j >= len(key) || key[j] != o {
			return false
		}
		i = next
	}
	return j == len(key)
}

// queryDecoder decodes the keys and values of one query, as QueryParams
// reads them (RFC 3986, Section 2.1) or, with form, as the URL Standard's
// application/x-www-form-urlencoded parser does. Text that needs no
// decoding is returned as it is; the rest is decoded into one buffer, which
// decode allocates when it has no room, with room for the rest of the
// query: decoding never makes text longer, so one allocation serves a whole
// iteration. The strings it returns view parts of the buffer that are
// never written again: later text goes after them.
type queryDecoder struct {
	buf  []byte
	form bool
}

// decode returns s decoded; room, at least len(s), is the length of the
// query from s on, the most that decoding what follows s can need.
func (d *queryDecoder) decode(s string, room int) string {
	i, high := 0, false // the first byte to decode; whether s has non-ASCII
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' || d.form && c == '+' {
			break
		}
		high = high || c >= utf8.RuneSelf
	}
	if i == len(s) && (!d.form || !high || utf8.ValidString(s)) {
		return s
	}
	if cap(d.buf)-len(d.buf) < len(s) {
		d.buf = make([]byte, 0, max(room, len(s)))
	}
	start := len(d.buf)
	d.buf = append(d.buf, s[:i]...)
	for i < len(s) {
		if d.form && s[i] == '+' {
			d.buf = append(d.buf, ' ')
			i++
			continue
		}
		o, next, _ := octetAt(s, i) // URL Standard, "percent-decode": a stray '%' stays
		d.buf = append(d.buf, o)
		i = next
	}
	out := d.buf[start:]
	if d.form && !utf8.Valid(out) {
		d.buf = d.buf[:start] // out is copied, and its room used again
		return utf8Replaced(out)
	}
	return bytesString(out)
}

// match reports whether raw decodes to key. A decoder used for match
// keeps nothing it decodes, so its buffer serves every key.
func (d *queryDecoder) match(raw, key string, room int) bool {
	ok := d.decode(raw, room) == key
	d.buf = d.buf[:0]
	return ok
}

// utf8Replaced returns b as a string with each maximal subpart of an
// ill-formed UTF-8 sequence replaced by U+FFFD, as the Encoding Standard's
// UTF-8 decoder does ("UTF-8 decode without BOM", the decoder of the
// Encoding Standard, Section 8.1.1, which follows Unicode's "U+FFFD
// Substitution of Maximal Subparts"): "\xE2\x82A" is "\uFFFDA", "\xC0\x80"
// is "\uFFFD\uFFFD". It makes one allocation, of the length it returns.
func utf8Replaced(b []byte) string {
	n := 0
	for i := 0; i < len(b); {
		size, ok := utf8Next(b[i:])
		if ok {
			n += size
		} else {
			n += len("\uFFFD")
		}
		i += size
	}
	out := make([]byte, 0, n)
	for i := 0; i < len(b); {
		size, ok := utf8Next(b[i:])
		if ok {
			out = append(out, b[i:i+size]...)
		} else {
			out = append(out, "\uFFFD"...)
		}
		i += size
	}
	return bytesString(out)
}

// utf8Next returns the length of the UTF-8 sequence at the start of b and
// true if it is valid; else the length of its maximal subpart, the longest
// prefix of a valid sequence that b holds (one byte at least), which
// utf8.FullRune reports as not yet full, and false.
func utf8Next(b []byte) (int, bool) {
	r, n := utf8.DecodeRune(b)
	if r != utf8.RuneError || n != 1 {
		return n, true
	}
	for n < len(b) && !utf8.FullRune(b[:n+1]) {
		n++
	}
	return n, false
}

// compareUTF16 compares the valid UTF-8 strings a and b as sequences of
// UTF-16 code units, the order of JavaScript's string comparison that
// URLSearchParams's sort uses (URL Standard, "URLSearchParams"). It is code
// point order except that U+E000 to U+FFFF, one unit each, sort after the
// supplementary code points, whose first unit is a surrogate, D800 to DBFF.
func compareUTF16(a, b string) int {
	i, n := 0, min(len(a), len(b))
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return cmp.Compare(len(a), len(b))
	}
	for i > 0 && !utf8.RuneStart(a[i]) {
		i-- // the rune that differs starts here in both
	}
	ra, _ := utf8.DecodeRuneInString(a[i:])
	rb, _ := utf8.DecodeRuneInString(b[i:])
	return cmp.Compare(utf16Rank(ra), utf16Rank(rb))
}

// utf16Rank maps r to a number that orders as r's UTF-16 code units do.
func utf16Rank(r rune) rune {
	if r >= 0xE000 && r <= 0xFFFF {
		return r + 0x110000 // after every supplementary code point
	}
	return r
}
