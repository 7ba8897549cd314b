// Package web is tsume serve: a JSON API (/api/v1/…) and the pages built
// on it — practice (play a problem of the bank move by move against the
// server, which answers each attacker move with the defender's best reply
// or explains why it fails), solve (paste a position or a record, get the
// solution and its verdict) and printable worksheets — over a Store of
// problems, which the problem bank implements. docs/web.md describes the
// API and the pages.
//
// Every input is checked and its errors answered as JSON naming the
// field at fault; the searches a request makes are bounded in nodes and
// time and end with the request. Nothing of the server's files, paths or
// stack ever appears in a response.
package web
