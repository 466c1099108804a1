module github.com/seed0915fd1c/uri

go 1.24
