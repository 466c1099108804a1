module github.com/seed0915fd1c/uri/bench

go 1.24

require (
	github.com/PuerkitoBio/purell v1.2.1
	github.com/seed0915fd1c/uri v0.0.0
)

require (
	golang.org/x/net v0.17.0 // indirect
	golang.org/x/text v0.13.0 // indirect
)

replace github.com/seed0915fd1c/uri => ../
