package uri

import "strconv"

// zoneFault explains the rejection of the IPv6 zone identifier that
// starts at s[i] == '%', quoting the zone as the input has it: the '%' and
// the unreserved characters and '%' after it (RFC 6874's ZoneID), at most
// 32 bytes. The quote stops at any other byte, so that it never reaches
// into text that Error masks as a password ("[::1%x:secret@h").
func zoneFault(s string, i int) fault {
	end := i + 1
	for end < len(s) && (is(s[end], cUnreserved) || s[end] == '%') {
		end++
	}
	zone := s[i:min(end, i+32)]
	if end > i+32 {
		zone += "..."
	}
	return fault{ErrHost, "']' to close the IP-literal: IPv6 zone identifiers (here " + strconv.Quote(zone) +
		") are not RFC 3986 syntax; RFC 6874 added them, and RFC 9844 obsoleted RFC 6874"}
}

// ipv6Address parses the rule below from offset i and returns the offset of
// the first byte after it, which the caller expects to be ']':
//
//	IPv6address =                            6( h16 ":" ) ls32
//	            /                       "::" 5( h16 ":" ) ls32
//	            / [               h16 ] "::" 4( h16 ":" ) ls32
//	            / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//	            / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//	            / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//	            / [ *4( h16 ":" ) h16 ] "::"              ls32
//	            / [ *5( h16 ":" ) h16 ] "::"              h16
//	            / [ *6( h16 ":" ) h16 ] "::"
//	h16         = 1*4HEXDIG
//	ls32        = ( h16 ":" h16 ) / IPv4address
//
// The nine forms say together: eight 16-bit pieces, where an IPv4address
// counts as two and may stand only last; or at most seven pieces and one
// "::" anywhere, standing for at least one zero piece (RFC 3986, Section
// 3.2.2). Zone identifiers are not part of the rule.
func ipv6Address(s string, i int) (int, fault) {
	pieces := 0       // 16-bit pieces read so far
	ellipsis := false // whether "::" was read
	if i+1 < len(s) && s[i] == ':' && s[i+1] == ':' {
		ellipsis = true
		i += 2
		if i < len(s) && s[i] == ']' {
			return i, noFault
		}
	} else if i < len(s) && s[i] == ':' {
		return min(i+1, len(s)), fault{ErrHost, "':' (an IPv6 address can start with \"::\" but not ':')"}
	}
	for {
		// h16, or the IPv4address of ls32
		j := i
		for j < len(s) && is(s[j], cHex) {
			j++
		}
		if j < len(s) && s[j] == '.' {
			if (ellipsis && pieces > 5) || (!ellipsis && pieces != 6) {
				return j, fault{ErrHost, "':' or ']' (an IPv4 address can only stand in the last 32 bits of an IPv6 address)"}
			}
			return ipv4Address(s, i)
		}
		switch {
		case j == i:
			return i, fault{ErrHost, "hex digit (IPv6 address)"}
		case j-i > 4:
			return i + 4, fault{ErrHost, "':' or ']' (an IPv6 piece has at most four hex digits)"}
		}
		pieces++
		i = j
		if i >= len(s) || s[i] != ':' {
			break
		}
		// ":" h16, or "::"
		if i+1 < len(s) && s[i+1] == ':' {
			if ellipsis {
				return i + 1, fault{ErrHost, "hex digit (an IPv6 address has at most one \"::\")"}
			}
			if pieces == 8 {
				return i, fault{ErrHost, "']' (an IPv6 address has at most eight pieces)"}
			}
			ellipsis = true
			i += 2
			if i < len(s) && s[i] == ']' {
				return i, noFault
			}
			if pieces == 7 {
				// "::" stands for at least one piece: after seven, nothing
				// may follow it.
				return i, fault{ErrHost, "']' (an IPv6 address has at most eight pieces, and \"::\" stands for at least one)"}
			}
			continue
		}
		if pieces == 8 || (ellipsis && pieces == 7) {
			return i, fault{ErrHost, "']' (an IPv6 address has at most eight pieces, and \"::\" stands for at least one)"}
		}
		i++
	}
	if !ellipsis && pieces < 8 {
		return i, fault{ErrHost, "':' and a hex digit (an IPv6 address without \"::\" has eight pieces)"}
	}
	return i, noFault
}
