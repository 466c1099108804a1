// Package uri implements RFC 3986, Uniform Resource Identifier (URI):
// Generic Syntax, exactly.
package uri
