// Writes testdata/referrer_node.txt: the Referer a browser sends for a
// request from one URL to another under each referrer policy, computed
// from the text of W3C Referrer Policy ("Determine request's referrer",
// "Strip url for use as a referrer"), Secure Contexts ("Is url potentially
// trustworthy?") and Fetch ("local scheme"; the header is only sent by
// "HTTP-network-or-cache fetch"), with Node's URL as the URL parser; and,
// beside it, what undici's determineRequestsReferrer (the implementation
// of fetch in Node) returns for the same request, with the reason for
// every row where the two differ.
//
// Run: node testdata/referrer_node.js > testdata/referrer_node.txt
// (undici from npm's own copy, /usr/lib/node_modules/npm/node_modules/undici,
// or set UNDICI to another checkout's lib/web/fetch/util.js).
'use strict'
const UNDICI = process.env.UNDICI || '/usr/lib/node_modules/npm/node_modules/undici/lib/web/fetch/util.js'
const undici = require(UNDICI)
const undiciVersion = require(require('path').join(UNDICI, '../../../../package.json')).version

// "{4075a}" in a URL stands for 4075 times "a", here and in the Go test.
const expand = (s) => s.replace(/\{(\d+)([a-z])\}/g, (_, n, c) => c.repeat(Number(n)))

const POLICIES = ['', 'no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin',
  'strict-origin', 'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url']

// The deviations of undici 6.x from the standard's text, each a switch of
// the reference below, so that each disagreement is explained by the
// smallest set of them that gives undici's answer.
const DEVIATIONS = {
  sameOriginNever: "undici's areSameOrigin compares the request object itself (no protocol, host or port) with referrerURL, so no request is same origin for same-origin and origin-when-cross-origin",
  sameOriginGivesOrigin: "undici's same-origin case returns referrerOrigin where the standard says referrerURL (fixed by nodejs/undici#5487)",
  downgradeGivesOrigin: "undici's no-referrer-when-downgrade case falls through to return referrerOrigin where the standard says referrerURL",
  noReferrerFallsThrough: "undici's switch has no no-referrer case (main fetch checks request's referrer, not the policy) and its default returns referrerOrigin",
  localSchemes: "undici's local schemes are file:, about: and \"blank:\"; Fetch's are about:, blob: and data:",
  fileTrustworthy: "undici counts file: URLs as potentially trustworthy; Secure Contexts reaches step 1, an opaque origin is not",
  localhostIncludes: "undici counts any host containing \"localhost.\" (localhost.evil.test) as potentially trustworthy; Secure Contexts only localhost and names under it",
  anyScheme: "determineRequestsReferrer does not look at the request's scheme; only HTTP-network-or-cache fetch sends the header, for http: and https: URLs"
}

function trustworthy (u, dev) {
  if (u.href === 'about:blank' || u.href === 'about:srcdoc') return true
  if (u.protocol === 'data:') return true
  if (dev.fileTrustworthy && u.protocol === 'file:') return true
  if (u.origin === 'null') return false
  if (u.protocol === 'https:' || u.protocol === 'wss:') return true
  const h = u.hostname
  if (/^127\.\d+\.\d+\.\d+$/.test(h) || h === '[::1]') return true
  const d = h.replace(/\.$/, '')
  if (d === 'localhost' || d.endsWith('.localhost')) return true
  if (dev.localhostIncludes && h.includes('localhost.')) return true
  return false
}

function strip (url, originOnly, dev) {
  const local = dev.localSchemes ? ['file:', 'about:', 'blank:'] : ['about:', 'blob:', 'data:']
  if (local.includes(url.protocol)) return null
  const u = new URL(url.href)
  u.username = ''
  u.password = ''
  u.hash = ''
  if (originOnly) {
    u.pathname = '' // « the empty string »: "/"
    u.search = ''
  }
  return u
}

// referrer is "Determine request's referrer" and the header's sending:
// the Referer value, or "" for none.
function referrer (policy, from, to, dev) {
  if (!dev.anyScheme && to.protocol !== 'http:' && to.protocol !== 'https:') return ''
  if (policy === '') policy = 'strict-origin-when-cross-origin'
  if (policy === 'no-referrer' && !dev.noReferrerFallsThrough) return ''
  let referrerURL = strip(from, false, dev)
  const referrerOrigin = strip(from, true, dev)
  if (referrerURL === null) return ''
  if (referrerURL.href.length > 4096) referrerURL = referrerOrigin
  const same = !dev.sameOriginNever && referrerURL.origin !== 'null' && referrerURL.origin === to.origin
  const downgrade = trustworthy(referrerURL, dev) && !trustworthy(to, dev)
  switch (policy) {
    case 'origin': return referrerOrigin.href
    case 'unsafe-url': return referrerURL.href
    case 'strict-origin': return downgrade ? '' : referrerOrigin.href
    case 'same-origin': return same ? (dev.sameOriginGivesOrigin ? referrerOrigin : referrerURL).href : ''
    case 'origin-when-cross-origin': return same ? referrerURL.href : referrerOrigin.href
    case 'strict-origin-when-cross-origin':
      // undici compares with the current URL here, correctly
      if (referrerURL.origin !== 'null' && referrerURL.origin === to.origin) return referrerURL.href
      return downgrade ? '' : referrerOrigin.href
    case 'no-referrer-when-downgrade':
      return downgrade ? '' : (dev.downgradeGivesOrigin ? referrerOrigin : referrerURL).href
    default: // only undici's no-referrer gets here
      return downgrade ? '' : referrerOrigin.href
  }
}

function undiciReferrer (policy, from, to) {
  const request = {
    referrerPolicy: policy || 'strict-origin-when-cross-origin',
    referrer: from,
    urlList: [to],
    url: to,
    origin: 'client'
  }
  let r
  try {
    r = undici.determineRequestsReferrer(request)
  } catch (e) {
    return 'THROWS ' + e.message
  }
  return r instanceof URL ? r.href : ''
}

// explain returns the smallest set of deviations that gives undici's
// answer, or null.
function explain (policy, from, to, got) {
  const names = Object.keys(DEVIATIONS)
  for (let size = 1; size <= 3; size++) {
    const pick = (start, chosen) => {
      if (chosen.length === size) {
        const dev = Object.fromEntries(chosen.map((n) => [n, true]))
        return referrer(policy, from, to, dev) === got ? chosen : null
      }
      for (let i = start; i < names.length; i++) {
        const r = pick(i + 1, [...chosen, names[i]])
        if (r) return r
      }
      return null
    }
    const r = pick(0, [])
    if (r) return r
  }
  return null
}

module.exports = { referrer, expand }
if (require.main === module) main()

function main () {
// The referrer sources: each with the destinations to request from it.
const hosts = {
  same: (u) => { const x = new URL(u.href); x.pathname = '/next'; x.search = '?n=1'; x.hash = ''; return x.href },
  sameSite: (u) => `${u.protocol}//other.${u.hostname}${u.port ? ':' + u.port : ''}/`,
  crossSite: (u) => `${u.protocol}//evil.test/`,
  downgrade: () => 'http://evil.test/',
  otherScheme: (u) => `${u.protocol === 'https:' ? 'http' : 'https'}://${u.hostname}/`
}
const sources = [
  'https://example.com/page?q=1',
  'https://example.com/',
  'https://user:secret@example.com/page?q=1#frag',
  'https://user@example.com/a',
  'https://example.com/reset?token=SECRET#frag',
  'https://example.com/#',
  'https://example.com/?{4075a}',
  'https://example.com/?{4076a}',
  'https://example.com/p?{5000a}#f',
  'http://example.com/p?q#f',
  'http://user:secret@example.com/p',
  'http://example.com/?{4077a}',
  'https://bücher.example/straße?x=ü#y',
  'https://EXAMPLE.com/%7e/A?B#C',
  'https://example.com:443/p',
  'http://example.com:80/p',
  'https://example.com:8443/p',
  'http://127.0.0.1/p',
  'http://127.1:8080/p#f',
  'http://[::1]/p',
  'http://localhost:3000/p#f',
  'http://app.localhost/p',
  'http://localhost.evil.test/p',
  'https://a.b.example.co.uk/p?x',
  'data:text/html,<p>hi',
  'blob:https://example.com/6e1c0c1d-0d5b-4b1a-9f5a-3f5e3a1b2c3d',
  'about:blank',
  'about:srcdoc',
  'file:///home/u/secret.html#x',
  'ws://example.com/chat',
  'ftp://example.com/f'
]
const extraFrom = ['https://example.com/page?q=1', 'http://example.com/p?q#f', 'http://localhost:3000/p#f', 'https://example.com:8443/p']
const extraTo = ['https://example.com:8081/', 'http://localhost/', 'http://localhost.evil.test/', 'http://127.0.0.1/', 'https://xn--bcher-kva.example/', 'wss://example.com/', 'ftp://example.com/']

const rows = []
const counts = { rows: 0, disagree: 0 }
const byReason = {}
for (const src of sources) {
  const from = new URL(expand(src))
  const tos = new Set()
  const base = from.origin !== 'null' ? from : new URL('https://example.com/')
  for (const f of Object.values(hosts)) tos.add(f(base))
  if (extraFrom.includes(src)) for (const t of extraTo) tos.add(t)
  for (const dst of tos) {
    let to
    try {
      to = new URL(dst)
    } catch (e) {
      continue // "other." before an IP address
    }
    for (const policy of POLICIES) {
      const want = referrer(policy, from, to, {})
      const got = undiciReferrer(policy, from, to)
      let reason = ''
      if (got !== want) {
        const e = explain(policy, from, to, got)
        reason = e ? e.join('+') : 'UNEXPLAINED'
        counts.disagree++
        byReason[reason] = (byReason[reason] || 0) + 1
      }
      const short = (s) => s.replace(/a{100,}/g, (m) => `{${m.length}a}`)
      rows.push(`ref ${JSON.stringify(policy)} ${JSON.stringify(src)} ${JSON.stringify(dst)} ${JSON.stringify(short(want))} ${JSON.stringify(short(got))} ${JSON.stringify(reason)}`)
      counts.rows++
    }
  }
}

console.log(`# The Referer sent for a request from one URL to another (W3C Referrer Policy,
# "Determine request's referrer", "Strip url for use as a referrer"; Secure
# Contexts, "Is url potentially trustworthy?"; Fetch, "local scheme").
#
# Source: generated by testdata/referrer_node.js (node ${process.version}) from the
# standards' text, with undici ${undiciVersion}'s determineRequestsReferrer beside it.
# "{4075a}" stands for 4075 times "a".
#
# Format: ref "policy" "from" "to" "Referer per the standard" "undici's" "why undici differs"
# ("" policy: the default; "" Referer: none sent). ${counts.rows} rows, ${counts.disagree} where undici differs:`)
for (const [r, n] of Object.entries(byReason).sort()) {
  console.log(`#   ${n} ${r}`)
}
console.log('# The deviations:')
for (const [k, v] of Object.entries(DEVIATIONS)) console.log(`#   ${k}: ${v}`)
console.log()
for (const r of rows) console.log(r)
}
