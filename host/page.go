package host

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed page
var pageFiles embed.FS

// pageFS serves the page's files under /static/.
var pageFS = func() fs.FS {
	sub, err := fs.Sub(pageFiles, "page")
	if err != nil {
		panic(err)
	}
	return sub
}()

// servePage answers with one of the page's HTML files.
func servePage(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		data, err := fs.ReadFile(pageFS, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
		w.Write(data)
	}
}
