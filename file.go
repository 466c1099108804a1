package uri

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// File URIs and file system paths, both ways: RFC 8089.
//
// A file URI is "file:" and an absolute path, with an optional authority
// naming the host that holds the file (RFC 8089, Section 2):
//
//	file-URI       = file-scheme ":" file-hier-part
//	file-hier-part = ( "//" auth-path ) / local-path
//	auth-path      = [ file-auth ] path-absolute
//	local-path     = path-absolute
//	file-auth      = "localhost" / host
//
// and, from RFC 8089, Appendix E, the Windows forms this file reads and
// writes:
//
//	local-path     = [ drive-letter ] path-absolute     ; E.2, "file:c:/x"
//	drive-letter   = ALPHA ":"
//	auth-path      =/ unc-authority path-absolute       ; E.3.2, "file:////h/s"
//	unc-authority  = 2*3"/" file-host
//	file-host      = inline-IP / IPv4address / reg-name
//	inline-IP      = "%5B" ( IPv6address / IPvFuture ) "%5D"
//
// The vertical line of E.2.2 ("file:///c|/x") and the backslashes of E.4
// are not RFC 3986 syntax: such a URI reaches FilePath through ParseWeb,
// which reads them as the URL Standard does ("c:", '/'). The user
// information of E.1 is refused.

// PathStyle is the syntax of a file system path: the rules by which
// FromFilePath reads a path and FilePath writes one. The library never
// guesses it from the platform it runs on; NativeStyle is the style of
// the platform the program was built for.
type PathStyle uint8

const (
	// POSIX paths (IEEE Std 1003.1, "Pathname Resolution"; RFC 8089,
	// Appendix D.1): '/' separates names, an absolute path starts with '/',
	// every other byte, '\' included, belongs to a name, and a path that
	// starts with exactly two slashes ("//x") is kept apart from "/x", since
	// POSIX leaves its meaning to the implementation.
	POSIX PathStyle = iota
	// Windows paths (Win32 file paths; RFC 8089, Appendices D.2, E.2 and
	// E.3): '\' and '/' both separate names, and an absolute path starts
	// with a drive letter and a separator ("C:\") or is a UNC path
	// ("\\server\share\...").
	Windows
)

// String returns "POSIX" or "Windows".
func (s PathStyle) String() string {
	switch s {
	case POSIX:
		return "POSIX"
	case Windows:
		return "Windows"
	}
	return "PathStyle(" + strconv.Itoa(int(s)) + ")"
}

// ErrFilePath is the sentinel of every error that FromFilePath,
// AppendFileURI, FilePath and FileKey return for a path no file URI can
// name or a URI that names no path: errors.Is(err, ErrFilePath) holds for
// each of the errors below, which say which rule of RFC 8089 the input
// broke. The *Error carries the offset of the offending byte.
var ErrFilePath = errors.New("uri: no file URI for the path, or no path for the file URI")

// The rules a path or a file URI can break. Each is the Err of an *Error
// and wraps ErrFilePath.
var (
	// ErrFileScheme: the URI's scheme is not "file" (RFC 8089, Section 2).
	ErrFileScheme error = &fileRule{"not a file URI"}
	// ErrFileHost: a host that no path of the style can name: on POSIX,
	// any host other than none, "" and "localhost" (RFC 8089, Section 3:
	// only a local file URI can be translated to a local path); on
	// Windows, a UNC server name that is not a reg-name, an IPv4 address
	// or an IPv6 literal (RFC 8089, Appendix E.3), or is empty. A
	// userinfo or a port, which RFC 8089, Section 2 does not allow, is
	// also ErrFileHost.
	ErrFileHost error = &fileRule{"a host the path cannot name"}
	// ErrFileRelative: a relative path, which no file URI names (RFC
	// 8089, Section 2 requires path-absolute), or a URI path that is not
	// absolute in the style: on Windows, a path with neither a drive
	// letter nor a UNC server is relative to the current drive.
	ErrFileRelative error = &fileRule{"a relative path"}
	// ErrFileDrive: a drive letter not followed by a separator ("C:x" is
	// relative to the drive's current directory; RFC 8089, Appendix
	// E.2.1), or the drive letter that starts the path of "file:c:/x"
	// (RFC 8089, Appendix E.2) read as a POSIX path.
	ErrFileDrive error = &fileRule{"a drive letter that starts no absolute path"}
	// ErrFileNUL: a NUL byte, raw in a path or "%00" in a URI: no file
	// system API takes one, and a C string would end there.
	ErrFileNUL error = &fileRule{"a NUL byte"}
	// ErrFileSeparator: a separator that came from decoding, "%2F" (and
	// "%5C" on Windows), which would split a name in two (RFC 3986,
	// Section 7.3).
	ErrFileSeparator error = &fileRule{"an encoded separator"}
	// ErrFileDotSegment: a ".." name, which the file system resolves
	// after symbolic links while a URI reader removes it from the text
	// (RFC 3986, Section 5.2.4), so the two would name different files;
	// a "." or ".." spelled with "%2E", which is a dot segment by RFC 3986,
	// Section 2.3 but was written to look like a name; and on Windows a
	// name of dots and spaces only ("...", ". ."), which Win32 trims to
	// "." or ".." (RFC 8089, Section 5), or a share named ".".
	ErrFileDotSegment error = &fileRule{"a dot segment"}
	// ErrFileDevice: a Windows device or namespaced path ("\\.\", "\\?\"
	// other than "\\?\C:\" and "\\?\UNC\", a host "."), or a name that
	// Win32 reads as a device ("CON", "nul.txt", "COM1"; RFC 8089,
	// Section 5 asks implementations to refuse them).
	ErrFileDevice error = &fileRule{"a device or namespaced path"}
	// ErrFileOverlong: overlong UTF-8, such as "%C0%AE" for '.', in a
	// name: RFC 3629, Section 3 forbids it, and a lenient decoder reads
	// it as the ASCII character it spells, so that one reader's name is
	// another's dot segment or separator (RFC 3986, Section 7.3; Vet
	// reports it as OverlongUTF8).
	ErrFileOverlong error = &fileRule{"overlong UTF-8"}
)

// fileRule is a rule of RFC 8089 that a path or a file URI broke; it
// wraps ErrFilePath.
type fileRule struct{ msg string }

func (r *fileRule) Error() string { return "uri: file path: " + r.msg }
func (r *fileRule) Unwrap() error { return ErrFilePath }

// FromFilePath returns the file URI that names the absolute path p in
// style (RFC 8089, Section 2): "file://", the host for a Windows UNC path
// (RFC 8089, Appendix E.3.1), and the path's names as path segments,
// percent-encoded as UTF-8 octets where RFC 3986 does not allow them
// (RFC 8089, Section 4; RFC 3986, Section 2.5):
//
//	/home/u/a#b                 POSIX    file:///home/u/a%23b
//	C:\Program Files\x          Windows  file:///C:/Program%20Files/x
//	\\server\share\x            Windows  file://server/share/x
//	\\localhost\share\x         Windows  file:////localhost/share/x
//
// A relative path is an error, and so is a path no file URI can name:
// one with a NUL byte or with overlong UTF-8 (ErrFileOverlong: "\xC0\xAE"
// is '.' to a lenient decoder); on Windows a device path ("\\.\COM1"), a
// name Win32 reads as a device ("C:\x\nul.txt"), a name of dots and
// spaces only, a UNC server of dots only ("\\..\share\x", whose URI
// "file://../share/x" a reader that cleans the text reads as
// "/share/x"), and a namespaced path other than "\\?\C:\..." and
// "\\?\UNC\server\...". Those two are read as the path without the
// prefix, whose meaning is the same when the rest uses '\' only and has
// no "." name, no repeated '\' and no name ending in '.' or ' ' (Win32
// removes and trims those in the plain form but not after "\\?\"), so
// any other is an error: "\\?\C:\x\.\y" and "\\?\UNC\..\x" are. The errors are *Error values with Input p, the
// offset of the offending byte, and one of the rules above, all of which
// wrap ErrFilePath.
//
// The path's names are kept exactly, including case and trailing dots or
// spaces, with these exceptions, each of which leaves the file the
// system reads unchanged: repeated separators count as one (except the
// two that start a POSIX path, which POSIX leaves to the implementation,
// and those of a UNC prefix), a "." name is dropped, and on Windows '/'
// separates names as '\' does. A ".." name is an error rather than
// dropped, since the system resolves it after following symbolic links;
// resolve it first (filepath.EvalSymlinks) if that is what you mean.
// A Windows UNC server name is written in lowercase, as RFC 3986,
// Section 3.2.2 asks of producers; "localhost" is written in the path
// (RFC 8089, Appendix E.3.2), since as the authority it would mean the
// local machine (RFC 8089, Section 2) and drop the share's server. Some
// readers refuse that form (Node's url.fileURLToPath does), which is
// safer than reading another file.
//
// A name that a Windows reader would take for a drive letter ("C:" as a
// whole segment) is written "C%3A", in both styles: the POSIX path "/C:"
// is "file:///C%3A", which no Windows reader reads as drive C.
//
// For every absolute path p in canonical form, FilePath(FromFilePath(p))
// is p: a POSIX path with no empty, "." or ".." name except a final
// empty one ("/a/b/") and possibly "//" at its start; a Windows path of
// "C:\" or "\\server\" (server in lowercase) followed by names separated
// by single '\', with none of the names refused above. Every URI that
// FromFilePath returns passes Validate.
//
// A POSIX path that needs no encoding and is in canonical form becomes
// the URI's Path as it is, without allocating; any other path costs one
// allocation, for the URI's text.
func FromFilePath(p string, style PathStyle) (URI, error) {
	if style == POSIX && posixPlain(p, false) {
		return URI{Scheme: "file", HasAuthority: true, Path: p}, nil
	}
	// The text is written into a buffer on the stack and copied once into
	// a string of its size, or, for a long path, into a buffer of the
	// size it needs at most, which becomes the string.
	if fileURIMax(len(p)) <= 512 {
		var stack [512]byte
		b, at, f := appendFileURI(stack[:0], p, style)
		if f.err != nil {
			return URI{}, &Error{Input: p, Offset: at, Err: f.err, Expected: f.want}
		}
		return fileURIOf(string(b)), nil
	}
	b, at, f := appendFileURI(make([]byte, 0, fileURICap(p)), p, style)
	if f.err != nil {
		return URI{}, &Error{Input: p, Offset: at, Err: f.err, Expected: f.want}
	}
	return fileURIOf(bytesString(b)), nil
}

// fileURIOf splits s, a file URI that appendFileURI wrote, into its
// components: "file://", the host, then the path, which starts at the
// first '/' after "file://", since a host never holds one.
func fileURIOf(s string) URI {
	rest := s[len("file://"):]
	h := strings.IndexByte(rest, '/')
	return URI{Scheme: "file", HasAuthority: true, Host: rest[:h], Path: rest[h:]}
}

// AppendFileURI appends the text of FromFilePath(p, style) to b and
// returns the extended buffer (RFC 8089, Section 2). It allocates only if
// b lacks the capacity. On error it returns b unchanged and the error
// FromFilePath returns.
func AppendFileURI(b []byte, p string, style PathStyle) ([]byte, error) {
	n := len(b)
	b, at, f := appendFileURI(b, p, style)
	if f.err != nil {
		return b[:n], &Error{Input: p, Offset: at, Err: f.err, Expected: f.want}
	}
	return b, nil
}

// fileURIMax bounds the length of the file URI of a path of n bytes:
// "file://", two more slashes for "//localhost" or a root, one for a
// final '/', and three bytes for each byte of the path.
func fileURIMax(n int) int { return 16 + 3*n }

// fileURICap is the capacity that the text of p's file URI needs at most,
// as fileURIMax but counting only the bytes that are encoded thrice.
func fileURICap(p string) int { return 16 + encLen(p, ComponentPathSegment) }

// posixPlain reports whether p is a POSIX path and a URI path at once,
// the same in both: '/' and then names of the characters a path segment
// allows (pchar, RFC 3986, Section 3.3) other than '%', none empty except
// a final one and the first of "//x", none "." or "..", and, unless
// driveOK, none a drive letter (RFC 8089, Appendix E.2). FromFilePath
// and FilePath return such a path as it is; FuzzFilePathPOSIX checks
// that they agree with the full conversions.
//
// It reads p in one pass of eight octets at a time with few branches
// that depend on the data, which on real paths are the ones a CPU
// mispredicts (posixWords): for an octet a name may not hold, and for the
// three things a name rule can object to, "//", "/." and ':'. A path with
// none of them is plain; one with a mark, or shorter than a word, is read
// name by name (posixNames), which decides.
func posixPlain(p string, driveOK bool) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	i := 1
	if len(p) == 2 && p[1] == '/' || len(p) > 2 && p[1] == '/' && p[2] != '/' {
		i = 2
	}
	if len(p)-(i-1) < 8 {
		return posixNames(p, i, driveOK)
	}
	switch posixWords(p, i-1) {
	case wordsPlain:
		return true
	case wordsMarked:
		return posixNames(p, i, driveOK)
	}
	return false // an octet that a name may not hold unencoded, or '%'
}

// What posixWords finds.
const (
	wordsPlain  = iota // pchar and '/' only, and no mark
	wordsMarked        // pchar and '/' only, and a mark
	wordsStop          // an octet outside pchar and '/', or '%'
)

// posixWords reads p from offset j on (at least eight octets, p[j] a '/'),
// eight octets at a time as a word of lanes, for two things at once: an
// octet that ends a run of the path class (runStop, as runOf reads it),
// and the three marks a name rule can object to, "//", "/." and ':'
// (pathMarks). A '/' in the last lane of a word marks the next word when
// that starts with '/' or '.'. The last word ends at the end of p, with
// the lanes already read shifted out.
func posixWords(p string, j int) int {
	const ones = 0x0101010101010101
	r := &runStop[bits.TrailingZeros16(cPath)&15]
	var stop uint8
	var found, carry uint64
	for ; j+8 <= len(p); j += 8 {
		w := p[j : j+8]
		stop |= r[w[0]] | r[w[1]] | r[w[2]] | r[w[3]] | r[w[4]] | r[w[5]] | r[w[6]] | r[w[7]]
		x := le64(w)
		m, slash := pathMarks(x)
		found |= m | carry&zeroLanes((x|ones)^'/'*ones)
		carry = slash >> 56 // the last lane's '/', as the first lane's bit
	}
	if o := len(p) - 8; j < len(p) {
		// the last word, from o: lanes below j - o were read
		w := p[o:]
		k := 8 * uint(j-o)
		s := uint64(r[w[0]]) | uint64(r[w[1]])<<8 | uint64(r[w[2]])<<16 | uint64(r[w[3]])<<24 |
			uint64(r[w[4]])<<32 | uint64(r[w[5]])<<40 | uint64(r[w[6]])<<48 | uint64(r[w[7]])<<56
		if s>>k != 0 {
			stop = 1
		}
		x := le64(w) >> k
		m, _ := pathMarks(x)
		// lanes shifted in from above are zero octets: a zero lane's mark
		// needs a '/' or ':' there, which they are not
		found |= m | carry&zeroLanes((x|ones)^'/'*ones)
	}
	switch {
	case stop != 0:
		return wordsStop
	case found != 0:
		return wordsMarked
	}
	return wordsPlain
}

// posixNames is posixPlain's rule for the names of p, from offset i, the
// start of the first: it reads each name with runOf.
func posixNames(p string, i int, driveOK bool) bool {
	for {
		start := i
		i = runOf(p, i, cPchar) // stops at '/', '%' and what pchar does not hold
		switch i - start {
		case 0:
			if i < len(p) {
				return false // an empty name, or a byte no name may hold unencoded
			}
		case 1:
			if p[start] == '.' {
				return false
			}
		case 2:
			if p[start] == '.' && p[start+1] == '.' || !driveOK && isDriveAt(p, start) {
				return false
			}
		}
		if i == len(p) {
			return true
		}
		if p[i] != '/' {
			return false
		}
		i++
	}
}

// pathMarks returns, for the eight octets of x (octet k in bits 8k to
// 8k+7), the high bit of lane k set where octet k is '/' and octet k+1 is
// '/' or '.', or octet k is ':', and perhaps in a few lanes more (see
// zeroLanes), which only sends a path to posixNames; and the lanes of
// '/', the same way.
func pathMarks(x uint64) (marks, slash uint64) {
	const ones = 0x0101010101010101
	slash = zeroLanes(x ^ '/'*ones)
	// '.' and '/' differ in their lowest bit alone
	slashOrDot := zeroLanes((x | ones) ^ '/'*ones)
	return slash&(slashOrDot>>8) | zeroLanes(x^':'*ones), slash
}

// zeroLanes returns the high bit of each octet lane of y that is zero,
// and of a lane holding 1 above a zero lane, whose borrow reaches it:
// the word test of "Bit Twiddling Hacks" ("Determine if a word has a zero
// byte"), in three operations.
func zeroLanes(y uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (y - ones) &^ y & highs
}

// appendFileURI writes the file URI of p (see FromFilePath) to b. On
// failure it returns the offset in p and the fault.
func appendFileURI(b []byte, p string, style PathStyle) ([]byte, int, fault) {
	if style != POSIX && style != Windows {
		return b, 0, fault{ErrFilePath, "a PathStyle: POSIX or Windows"}
	}
	if i := strings.IndexByte(p, 0); i >= 0 {
		return b, i, fault{ErrFileNUL, "no NUL byte in a path"}
	}
	if style == POSIX {
		if p == "" || p[0] != '/' {
			return b, 0, fault{ErrFileRelative, "'/' at the start of an absolute POSIX path (RFC 8089, Section 2)"}
		}
		b = append(b, "file://"...)
		i := 1
		if len(p) >= 2 && p[1] == '/' && (len(p) == 2 || p[2] != '/') {
			// "//x": POSIX leaves two leading slashes to the implementation
			// (Cygwin reads "//server/share" as UNC); RFC 8089, Appendix E.3.2
			// reads "file:////x" the same way.
			b = append(b, '/')
			i = 2
		}
		return appendNames(b, p, i, 0, POSIX, false, false, false)
	}
	return appendWindows(b, p)
}

// isWinSep reports whether c separates names in a Windows path.
func isWinSep(c byte) bool { return c == '\\' || c == '/' }

// isDriveAt reports whether p has a drive letter, ALPHA ":", at offset i.
func isDriveAt(p string, i int) bool {
	return i+1 < len(p) && is(p[i], cAlpha) && p[i+1] == ':'
}

// appendWindows writes the file URI of the Windows path p: a drive path
// "C:\..." (RFC 8089, Appendix E.2), a UNC path "\\server\share\..."
// (RFC 8089, Appendix E.3.1), or one of these behind the namespace
// prefix "\\?\" ("\\?\C:\...", "\\?\UNC\server\share\...").
func appendWindows(b []byte, p string) ([]byte, int, fault) {
	switch {
	case len(p) >= 2 && isWinSep(p[0]) && isWinSep(p[1]):
		if len(p) >= 3 && (p[2] == '.' || p[2] == '?') && (len(p) == 3 || isWinSep(p[3])) {
			// "\\.\" and "\\?\", with either separator: the Win32 device
			// and file namespaces. Only two forms of the file namespace
			// name a file that a plain path names too.
			if strings.HasPrefix(p, `\\?\`) {
				if i := strings.IndexByte(p, '/'); i >= 0 {
					return b, i, fault{ErrFileDevice, `'\' only: in a namespaced path '/' is part of a name, which no file URI can say`}
				}
				switch {
				case isDriveAt(p, 4) && len(p) > 6 && p[6] == '\\':
					b = append(b, "file:///"...)
					b = append(b, p[4], ':')
					return appendNames(b, p, 7, 0, Windows, false, false, true)
				case len(p) > 8 && strings.EqualFold(p[4:7], "UNC") && p[7] == '\\':
					return appendUNC(b, p, 8, true)
				}
			}
			return b, 0, fault{ErrFileDevice, `no device or namespaced path ("\\.\", "\\?\"), other than "\\?\C:\" and "\\?\UNC\" (RFC 8089, Appendix C)`}
		}
		return appendUNC(b, p, 2, false)
	case isDriveAt(p, 0) && len(p) > 2 && isWinSep(p[2]):
		b = append(b, "file:///"...)
		b = append(b, p[0], ':')
		return appendNames(b, p, 3, 0, Windows, false, false, false)
	case isDriveAt(p, 0):
		return b, 2, fault{ErrFileDrive, `'\' after the drive letter: "C:x" is relative to the drive's current directory (RFC 8089, Appendix E.2.1)`}
	}
	return b, 0, fault{ErrFileRelative, `a drive letter and '\' ("C:\") or a UNC path ("\\server\share") at the start of an absolute Windows path (RFC 8089, Appendices E.2 and E.3)`}
}

// appendUNC writes the file URI of the UNC path whose server name starts
// at offset i of p: "file://server" and the rest as the path (RFC 8089,
// Appendix E.3.1), or for the server "localhost", which as the authority
// would mean the local machine (RFC 8089, Section 2), "file:////localhost"
// (RFC 8089, Appendix E.3.2). In a namespaced path only '\' separates.
func appendUNC(b []byte, p string, i int, namespaced bool) ([]byte, int, fault) {
	j := i
	for j < len(p) && p[j] != '\\' && (namespaced || p[j] != '/') {
		j++
	}
	host := p[i:j]
	if k, f := uncHost(host); f.err != nil {
		return b, i + k, f
	}
	if strings.EqualFold(host, "localhost") {
		b = append(b, "file:////localhost"...)
	} else {
		b = append(b, "file://"...)
		for k := 0; k < len(host); k++ {
			b = append(b, lower(host[k]))
		}
	}
	return appendNames(b, p, min(j+1, len(p)), 0, Windows, false, true, namespaced)
}

// uncHost checks h, the server of a UNC path (RFC 8089, Appendix E.3):
// a reg-name of unreserved characters and sub-delims, an IPv4 address or
// an IPv6 literal in brackets (RFC 3986, Section 3.2.2). It returns the
// offset in h of the first byte at fault.
func uncHost(h string) (int, fault) {
	switch {
	case h == "":
		return 0, fault{ErrFileHost, `a server name after "\\" (RFC 8089, Appendix E.3)`}
	case h == "." || h == "?":
		return 0, fault{ErrFileDevice, `a server name: "\\.\" and "\\?\" start Win32 device and namespaced paths (RFC 8089, Appendix C)`}
	case strings.Trim(h, ".") == "":
		// "\\..\share\x": a reader that cleans the text of the path
		// climbs out of the server (path.Clean("//../share/x") is
		// "/share/x")
		return 0, fault{ErrFileDotSegment, `a server name, not ".." or other dots only (RFC 8089, Section 5)`}
	case h[0] == '[':
		if len(h) > 1 && (h[1] == 'v' || h[1] == 'V') {
			return 1, fault{ErrFileHost, "an IPv6 address: Windows has no form for an IPvFuture server (RFC 3986, Section 3.2.2)"}
		}
		j, f := ipLiteralHost(h, 0)
		if f.err == nil && j != len(h) {
			f = fault{ErrHost, "end of the server name after ']'"}
		}
		if f.err != nil {
			return j, fault{ErrFileHost, f.want}
		}
		return 0, noFault
	}
	for k := 0; k < len(h); k++ {
		if c := h[k]; !is(c, cRegName) || c == '%' {
			return k, serverNameFault
		}
	}
	return 0, noFault
}

// serverNameFault is the fault of a byte that no UNC server name holds.
var serverNameFault = fault{ErrFileHost, "a server name of letters, digits, \"-._~\" and sub-delims (RFC 3986, Section 3.2.2); convert a name that is not ASCII to its IDNA A-label first"}

// uncServer returns the server name that h, the host of a file URI or
// the server of RFC 8089, Appendix E.3.2 in its path, names: h with its
// triplets decoded (RFC 3986, Section 2.1), as a reader of the URI's
// host does (RFC 3986, Section 6.2.2.2: "%73erver" is "server"). VS Code
// writes the WSL server "\\wsl$\" as "file://wsl%24/". A triplet must
// decode to a character a server name holds unencoded (uncHost), so that
// decoding makes no '%', separator or second reading; else uncServer
// returns the offset in h of the byte at fault. An IP literal and a name
// without '%' are returned as they are, for uncHost to check.
func uncServer(h string) (string, int, fault) {
	if h == "" || h[0] == '[' || strings.IndexByte(h, '%') < 0 {
		return h, 0, noFault
	}
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); {
		c, next, _ := octetAt(h, i)
		if !is(c, cRegName) || c == '%' {
			return "", i, serverNameFault
		}
		b = append(b, c)
		i = next
	}
	return bytesString(b), 0, noFault
}

// appendNames converts the names of a path, or the segments of a URI
// path, from offset i of p on: the one walk of both directions. It drops
// empty and "." names, refuses ".." (the system resolves it after
// symbolic links, a URI reader in the text: RFC 3986, Section 5.2.4),
// converts every other name with appendSegmentName (a path to a URI,
// when toPath is false: names separated by '/', and on Windows '\',
// become "/" and a percent-encoded segment) or appendPathName (a URI to
// a path: '/'-separated segments become the style's separator and the
// decoded name), and ends with a separator when p ends with one or with
// a "." name, or has no name. unc says that the first name is a UNC
// share, which must not be "."; namespaced, that p is a path after
// "\\?\". Offsets in faults are p's plus off.
func appendNames(b []byte, p string, i, off int, style PathStyle, toPath, unc, namespaced bool) ([]byte, int, fault) {
	sep := byte('/') // what the output puts before each name
	if toPath && style == Windows {
		sep = '\\'
	}
	named := false // the last name read was written
	for {
		j := i
		if toPath || style == POSIX {
			if j = strings.IndexByte(p[i:], '/'); j < 0 {
				j = len(p)
			} else {
				j += i
			}
		} else {
			for j < len(p) && p[j] != '/' && p[j] != '\\' {
				j++
			}
		}
		name := p[i:j]
		switch {
		case namespaced && (name == "." || name == "" && j < len(p)):
			// Win32 removes "." names and repeated separators from a plain
			// path but not after "\\?\", where they reach the file system
			return b, off + i, fault{ErrFileDevice, `no "." name or repeated '\' after "\\?\": without the prefix, Win32 removes them`}
		case name == "":
			named = false
		case name == ".":
			if unc {
				return b, off + i, fault{ErrFileDotSegment, `a share name, not "." (RFC 8089, Section 5)`}
			}
			named = false
		case name == "..":
			return b, off + i, fault{ErrFileDotSegment, `no ".." name: the system resolves it after symbolic links, a URI reader in the text (RFC 3986, Section 5.2.4); resolve the path, or Normalize the URI, first`}
		default:
			b = append(b, sep)
			var k int
			var f fault
			if toPath {
				b, k, f = appendPathName(b, name, style)
			} else {
				b, f = appendSegmentName(b, name, style, namespaced && !unc) // Win32 never trims a share name
			}
			if f.err != nil {
				return b, off + i + k, f
			}
			named, unc = true, false
		}
		if j >= len(p) {
			break
		}
		i = j + 1
	}
	if !named {
		b = append(b, sep)
	}
	return b, 0, noFault
}

// appendSegmentName appends the name of a path as a path segment,
// percent-encoded (RFC 3986, Section 3.3), refusing on Windows the names
// nameFault refuses, which it reads as the segment spells them exactly.
// A name that a Windows reader would take for a drive letter, alone or
// before a POSIX '\', is written with "%3A" (RFC 8089, Appendices E.2
// and E.4).
func appendSegmentName(b []byte, name string, style PathStyle, namespaced bool) ([]byte, fault) {
	start := len(b)
	if isDriveAt(name, 0) && (len(name) == 2 || name[2] == '\\') {
		b = append(b, name[0], '%', '3', 'A')
		b = appendEncode(b, name[2:], ComponentPathSegment)
	} else {
		b = appendEncode(b, name, ComponentPathSegment)
	}
	if overlongAt(bytesString(b[start:])) >= 0 {
		return b, overlongFault
	}
	if style == Windows {
		return b, nameFault(bytesString(b[start:]), namespaced)
	}
	return b, noFault
}

// overlongFault is the fault of a name that holds overlong UTF-8.
var overlongFault = fault{ErrFileOverlong, "no overlong UTF-8 (\"%C0%AE\"), which a lenient decoder reads as ASCII (RFC 3629, Section 3)"}

// overlongAt returns the offset in seg, a percent-encoded path segment,
// of the first overlong UTF-8 sequence in its octets (utf8At, the reading
// of Vet's OverlongUTF8), or -1.
func overlongAt(seg string) int {
	i := strings.IndexByte(seg, '%')
	if i < 0 {
		return -1
	}
	for i < len(seg) {
		c, next, _ := octetAt(seg, i)
		if c >= 0xC0 {
			if _, _, kind := utf8At(seg, i); kind == OverlongUTF8 {
				return i
			}
		}
		i = next
	}
	return -1
}

// appendPathName appends the URI path segment seg decoded (RFC 3986,
// Section 2.1), refusing a "%00", a "%2F" (and on Windows "%5C"), a
// segment that decodes to "." or "..", and on Windows the names
// nameFault refuses. The offset of a fault is seg's.
func appendPathName(b []byte, seg string, style PathStyle) ([]byte, int, fault) {
	start := len(b)
	for k := 0; k < len(seg); {
		// the bytes up to the next '%', copied at once
		j := strings.IndexByte(seg[k:], '%')
		if j < 0 {
			b = append(b, seg[k:]...)
			break
		}
		b = append(b, seg[k:k+j]...)
		k += j
		c, next, _ := octetAt(seg, k) // a triplet: the path passed span
		switch {
		case c == 0:
			return b, k, fault{ErrFileNUL, "no \"%00\": no file system API takes a NUL byte"}
		case c == '/' || c == '\\' && style == Windows:
			return b, k, fault{ErrFileSeparator, "no encoded separator, which would split a name in two (RFC 3986, Section 7.3)"}
		}
		b = append(b, c)
		k = next
	}
	if k := overlongAt(seg); k >= 0 {
		return b, k, overlongFault
	}
	if d := b[start:]; len(d) <= 2 && d[0] == '.' && (len(d) == 1 || d[1] == '.') {
		return b, 0, fault{ErrFileDotSegment, `no "." or ".." spelled with "%2E": it is a dot segment (RFC 3986, Section 2.3) written to look like a name`}
	}
	if style == Windows {
		return b, 0, nameFault(seg, false)
	}
	return b, 0, noFault
}

// nameFault reports what keeps a Windows name from naming the same file
// in a file URI and in a path: a name of dots and spaces only, which
// Win32 trims to "." or ".."; a device name; and in a namespaced path a
// name that ends in '.' or ' ', which the path without its prefix would
// name with those trimmed (RFC 8089, Section 5). seg is the name as a
// path segment, percent-encoded.
func nameFault(seg string, namespaced bool) fault {
	dots, last, colon := false, seg[len(seg)-1], len(seg) // colon: where the name's first ':' is written
	if strings.IndexByte(seg, '%') < 0 {
		dots = strings.Trim(seg, ". ") == ""
		if i := strings.IndexByte(seg, ':'); i >= 0 {
			colon = i
		}
	} else {
		dots = true
		for i := 0; i < len(seg); {
			c, next, _ := octetAt(seg, i)
			if c == ':' && colon == len(seg) {
				colon = i
			}
			dots = dots && (c == '.' || c == ' ')
			last, i = c, next
		}
	}
	switch c := seg[0] | 0x20; {
	case dots:
		return fault{ErrFileDotSegment, "a name with a character other than '.' and ' ': Win32 trims such a name to \".\" or \"..\" (RFC 8089, Section 5)"}
	case (c == 'a' || c == 'c' || c == 'l' || c == 'n' || c == 'p' || seg[0] == '%') && isDevice(seg[:colon]):
		// every device name starts with one of these letters
		return fault{ErrFileDevice, "a name that is not a Windows device, such as CON, NUL, COM1 or LPT1, with or without an extension (RFC 8089, Section 5)"}
	case namespaced && (last == '.' || last == ' '):
		return fault{ErrFileDevice, `a name that does not end in '.' or ' ' after "\\?\": without the prefix, Win32 trims them`}
	}
	return noFault
}

// FilePath returns the path of the file that the file URI u names, in
// style (RFC 8089, Section 2). It reads every form of RFC 8089,
// Appendix E that a URI can hold:
//
//	file:///home/u/a%23b            POSIX    /home/u/a#b
//	file:/home/u/x                  POSIX    /home/u/x
//	file://localhost/etc/hosts      POSIX    /etc/hosts
//	file:///C:/Program%20Files/x    Windows  C:\Program Files\x
//	file:///c%3A/x                  Windows  c:\x
//	file:c:/x                       Windows  c:\x        (Appendix E.2)
//	file://server/share/x           Windows  \\server\share\x   (E.3.1)
//	file:////server/share/x         Windows  \\server\share\x   (E.3.2)
//	file://///server/share/x        Windows  \\server\share\x   (E.3.2)
//
// The drive letter "c|" of Appendix E.2.2 is not RFC 3986 syntax; read
// such a URI with ParseWeb, which writes it "c:". Percent-encoded octets
// are decoded (RFC 8089, Section 4); the query and the fragment, which
// are not part of the path, are ignored.
//
// FilePath never returns a NUL byte, a separator that came from
// decoding ("%2F", and "%5C" on Windows), a "." or ".." name that came
// from decoding ("%2E%2E"), a ".." name at all, overlong UTF-8 ("%C0%AE",
// ErrFileOverlong), a device or namespaced path, a UNC server of dots
// only ("file://../share/x" is ErrFileDotSegment, not "\\..\share\x"),
// or a path without its host: a host other than none, "" and "localhost"
// is an error on POSIX (RFC 8089, Section 3) and a UNC server on Windows
// ("\\server\..."; an IPv6 literal is written as Windows transcribes
// it, "2001-db8--1.ipv6-literal.net"). A host's triplets are decoded
// (RFC 3986, Section 6.2.2.2), each to a character a server name holds
// unencoded: "file://wsl%24/Ubuntu/x", as VS Code writes a WSL file, is
// "\\wsl$\Ubuntu\x", "file://%73erver/s" is "\\server\s", and
// "file://%6Cocalhost/a" is local. Empty and "."
// segments are dropped, as the system would; a ".." segment is an error,
// since removing it from the text is the URI's reading (RFC 3986,
// Section 5.2.4) while the system's reading follows symbolic links:
// Normalize or Resolve the URI first if the text's reading is meant. A
// path without a drive letter or a UNC server is relative on Windows,
// and an error. The names of a Windows path are checked as FromFilePath
// checks them.
//
// The errors are *Error values whose Input is u.String(), whose Offset
// points into that text, and whose Err is one of the rules above (all
// wrap ErrFilePath), or ErrPath when u is a hand-built value whose path
// is not RFC 3986 syntax.
//
// A POSIX path that needs no decoding and no cleaning is returned
// without allocating; any other path costs one allocation.
func (u URI) FilePath(style PathStyle) (string, error) {
	return u.filePath(style, false)
}

// FileKey returns a string that is the same for two file URIs exactly
// when they name the same file in style, as far as the URIs alone can
// tell: the path FilePath returns, with, on Windows, the drive letter in
// uppercase and the UNC server in lowercase, since Windows compares both
// without regard to case (RFC 8089, Appendix E.2; RFC 3986, Section
// 3.2.2). So "file:///c%3A/x", "file:///C:/x" and "file://localhost/C:/x"
// have the same key for Windows ("C:\x"), and two keys for POSIX: "/c:/x"
// for the first, "/C:/x" for the others.
//
// Nothing else is folded: RFC 8089, Section 2 leaves case-insensitive
// matching to the file system, and the rest of a Windows path is not
// always case-insensitive (NTFS can be case-sensitive per directory, and
// folds non-ASCII letters by a table stored on the volume); nor are the
// trailing dots and spaces that Win32 trims from some names. The error
// is FilePath's.
func (u URI) FileKey(style PathStyle) (string, error) {
	return u.filePath(style, true)
}

// SameFile reports whether a and b are file URIs that name the same file
// in style: FileKey gives both the same key (RFC 8089, Section 2 and
// Appendix E.2). A URI that names no path is not the same file as
// anything.
func SameFile(a, b URI, style PathStyle) bool {
	ka, ea := a.FileKey(style)
	kb, eb := b.FileKey(style)
	return ea == nil && eb == nil && ka == kb
}

// filePath is FilePath, or FileKey when key is set.
func (u *URI) filePath(style PathStyle, key bool) (string, error) {
	p, at, f := u.readFilePath(style, key)
	if f.err != nil {
		return "", &Error{Input: u.string(), Offset: at, Err: f.err, Expected: f.want}
	}
	return p, nil
}

// readFilePath does the work of FilePath and FileKey. Offsets are into
// the text of u as String writes it.
func (u *URI) readFilePath(style PathStyle, key bool) (string, int, fault) {
	if style != POSIX && style != Windows {
		return "", 0, fault{ErrFilePath, "a PathStyle: POSIX or Windows"}
	}
	if !equalFoldASCII(u.Scheme, "file") {
		return "", 0, fault{ErrFileScheme, `the scheme "file" (RFC 8089, Section 2)`}
	}
	o := u.offsets()
	hostAt, pathAt := o.host, o.path
	if u.HasAuthority && u.HasUserinfo {
		return "", o.userinfo, fault{ErrFileHost, "no userinfo in a file URI (RFC 8089, Section 2 and Appendix E.1)"}
	}
	switch {
	case u.HasPort:
		return "", o.port - 1, fault{ErrFileHost, "no port in a file URI (RFC 8089, Section 2)"}
	case !u.HasAuthority && (u.Host != "" || u.Userinfo != "" || u.Port != "" || u.HasUserinfo):
		return "", hostAt, fault{ErrFileHost, "HasAuthority set, for a URI with a host, userinfo or port (RFC 3986, Section 3.2)"}
	// Two invariants of a URI that a hand-built value may break, where its
	// text would read another host than its fields say (see Validate).
	case !u.HasAuthority && strings.HasPrefix(u.Path, "//"):
		return "", pathAt, fault{ErrPath, "no \"//\" at the start of a path without an authority, where it would read as one (RFC 3986, Section 3.3)"}
	case u.HasAuthority && u.Path != "" && u.Path[0] != '/':
		return "", pathAt, fault{ErrPath, "'/' at the start of a path after an authority (RFC 3986, Section 3.3)"}
	}
	p := u.Path
	// The server the host names, decoded ("%6Cocalhost" is "localhost").
	host, hk, hf := uncServer(u.Host)
	local := hf.err == nil && (host == "" || equalFoldASCII(host, "localhost")) // ASCII case only: "localhoſt" is another host
	if style == POSIX && local && posixPlain(p, true) {
		return p, 0, noFault
	}
	if j, f := span(p, 0, cPath, ErrPath); f.err != nil || j != len(p) {
		if f.err == nil {
			f = fault{ErrPath, "path character: pchar or '/' (RFC 3986, Section 3.3)"}
		}
		return "", pathAt + j, f
	}
	if style == POSIX {
		return posixFilePath(p, pathAt, local, hostAt)
	}
	if hf.err != nil {
		return "", hostAt + hk, hf
	}
	return windowsFilePath(host, p, pathAt, local, hostAt, key)
}

// posixFilePath is FilePath for POSIX, on the path p at offset pathAt.
func posixFilePath(p string, pathAt int, local bool, hostAt int) (string, int, fault) {
	if !local {
		return "", hostAt, fault{ErrFileHost, `no host, "" or "localhost": a POSIX path names a local file only (RFC 8089, Section 3)`}
	}
	if p == "" || p[0] != '/' {
		if isDriveAt(p, 0) || len(p) >= 4 && is(p[0], cAlpha) && strings.EqualFold(p[1:4], "%3A") {
			return "", pathAt, fault{ErrFileDrive, "a path that starts with '/': a drive letter (RFC 8089, Appendix E.2) names no POSIX path"}
		}
		return "", pathAt, fault{ErrFileRelative, "a path that starts with '/' (RFC 8089, Section 2)"}
	}
	i := 1
	if len(p) >= 2 && p[1] == '/' && (len(p) == 2 || p[2] != '/') {
		i = 2 // "//x" stays "//x", as FromFilePath writes it
	}
	b := make([]byte, 0, len(p))
	if i == 2 {
		b = append(b, '/')
	}
	b, at, f := appendNames(b, p, i, pathAt, POSIX, true, false, false)
	if f.err != nil {
		return "", at, f
	}
	return bytesString(b), 0, noFault
}

// windowsFilePath is FilePath for Windows: a drive path or a UNC path,
// with the host in the authority or, for an empty authority, in the path
// (RFC 8089, Appendix E.3.2). host is the authority's, decoded
// (uncServer); hostAt is where it starts in the URI's text.
func windowsFilePath(host, p string, pathAt int, local bool, hostAt int, key bool) (string, int, fault) {
	b := make([]byte, 0, len(p)+len(host)+len(".ipv6-literal.net")+2)
	i := 0 // where the names start in p
	hostFrom := hostAt
	switch {
	case !local:
	case len(p) >= 3 && p[0] == '/' && p[1] == '/' && (p[2] != '/' || len(p) >= 4 && p[3] != '/'):
		// "file:////server/share" and "file://///server/share"
		i = 2
		if p[2] == '/' {
			i = 3
		}
		j := strings.IndexByte(p[i:], '/')
		if j < 0 {
			j = len(p)
		} else {
			j += i
		}
		host, hostFrom, i = p[i:j], pathAt+i, j
		if len(host) >= 6 && strings.EqualFold(host[:3], "%5B") && strings.EqualFold(host[len(host)-3:], "%5D") {
			host = "[" + host[3:len(host)-3] + "]" // inline-IP
			hostFrom += 2
		} else {
			var k int
			var f fault
			if host, k, f = uncServer(host); f.err != nil {
				return "", hostFrom + k, f
			}
		}
	case len(p) >= 2 && p[0] == '/' && p[1] == '/':
		return "", pathAt, fault{ErrFileHost, `a UNC server after "file:////" or "file://///" (RFC 8089, Appendix E.3.2)`}
	default:
		// A drive: "/C:/", "/c%3A/", or "C:/" without the first '/'
		// (RFC 8089, Appendix E.2).
		d := 0
		if p != "" && p[0] == '/' {
			d = 1
		}
		var letter byte
		switch {
		case isDriveAt(p, d):
			letter, i = p[d], d+2
		case len(p) >= d+4 && is(p[d], cAlpha) && strings.EqualFold(p[d+1:d+4], "%3A"):
			letter, i = p[d], d+4
		default:
			return "", pathAt, fault{ErrFileRelative, `a drive letter ("/C:/") or a UNC server: a Windows path with neither is relative to the current drive (RFC 8089, Appendices E.2 and E.3)`}
		}
		if i >= len(p) || p[i] != '/' {
			return "", pathAt + i, fault{ErrFileDrive, `'/' after the drive letter: "C:x" is relative to the drive's current directory (RFC 8089, Appendix E.2.1)`}
		}
		if key {
			letter &^= 'a' - 'A'
		}
		b = append(b, letter, ':')
		b, at, f := appendNames(b, p, i+1, pathAt, Windows, true, false, false)
		if f.err != nil {
			return "", at, f
		}
		return bytesString(b), 0, noFault
	}
	// A UNC path: "\\" server, then the share and the rest.
	if k, f := uncHost(host); f.err != nil {
		return "", hostFrom + k, f
	}
	b = append(b, '\\', '\\')
	if host[0] == '[' {
		// Windows has no brackets in UNC paths; it transcribes an IPv6
		// address as a name under ipv6-literal.net, ':' written '-'. The
		// name is one label, so the address is written in hex only, as the
		// URL Standard's IPv6 serializer writes it: "::ffff:102:304", never
		// "::ffff:1.2.3.4", whose dots would make it a name of four labels.
		start := len(b)
		var ok bool
		if b, ok = webIPv6(b, host[1:len(host)-1]); !ok { // uncHost read an IPv6address
			return "", hostFrom + 1, fault{ErrFileHost, "an IPv6 address (RFC 3986, Section 3.2.2)"}
		}
		for k := start; k < len(b); k++ {
			if b[k] == ':' {
				b[k] = '-'
			}
		}
		b = append(b, ".ipv6-literal.net"...)
	} else if key {
		for k := 0; k < len(host); k++ {
			b = append(b, lower(host[k]))
		}
	} else {
		b = append(b, host...)
	}
	if i < len(p) {
		i++ // the '/' after the server
	}
	b, at, f := appendNames(b, p, i, pathAt, Windows, true, true, false)
	if f.err != nil {
		return "", at, f
	}
	return bytesString(b), 0, noFault
}
