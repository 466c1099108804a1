// The steps of one HTTP redirect that a browser takes (Fetch Standard,
// "HTTP-redirect fetch"), shared by testdata/redirect_hop_node.js and
// testdata/redirect_chain_node.js: the location URL (the Location value
// parsed against the request's current URL, taking its fragment when it
// has none), whether the hop stays on the origin, the next method, the
// request headers deleted (Authorization on a cross-origin hop, and
// Cookie, which a browser computes for each URL; the request-body headers
// when the method becomes GET), and the Referer of the next request (W3C
// Referrer Policy, by testdata/referrer_node.js) from sent, the Referer the
// request to the current URL sent ("" for none).
'use strict'
const { referrer } = require('./referrer_node.js')

const bodyHeaders = ['Content-Encoding', 'Content-Language', 'Content-Location', 'Content-Type']

// follow returns the hop from current (a URL) for the Location value loc,
// or null when a browser refuses it: a value that does not parse, or a URL
// that is not http(s), is a network error.
function follow (current, loc, status, method, policy, sent) {
  let next = null
  try { next = new URL(loc, current) } catch (e) {}
  if (next === null || (next.protocol !== 'http:' && next.protocol !== 'https:')) return null
  if (next.hash === '' && !loc.includes('#') && current.hash !== '') next.hash = current.hash
  const same = next.origin !== 'null' && next.origin === current.origin
  let m = method
  const drop = []
  if (!same) drop.push('Authorization', 'Cookie')
  if (((status === 301 || status === 302) && method === 'POST') || (status === 303 && method !== 'GET' && method !== 'HEAD')) {
    m = 'GET'
    drop.push(...bodyHeaders)
  }
  const referer = sent === '' ? '' : referrer(policy, new URL(sent), next, {})
  return { next, same, method: m, drop, referer }
}

module.exports = { follow }
