package host

import (
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// Images. A display hint may name an image for a deck's cards or an object
// type ("img/suit-{type}.svg"). The pictures a server sends link them
// under /api/matches/{m}/images/ rather than embed them (a hand of images
// in every state read would weigh more than the rest of the state), and
// the page fetches them with its token. What is served depends on the
// pack alone, never on the match: a path a hint's pattern names, read from
// Config.Images, so that whether an image is served tells a seat nothing
// of where the cards are (the picture links a face only where the seat
// sees it).

// hintImages is what a server serves of its images: the hints' patterns,
// and where the files are.
type hintImages struct {
	fsys     fs.FS
	patterns []*regexp.Regexp
}

// newHintImages returns the images pack's hints name, read from fsys; nil
// when fsys is nil or no hint names one: no picture then draws an image.
func newHintImages(pack *graph.Pack, fsys fs.FS) *hintImages {
	if fsys == nil || pack.Display == nil {
		return nil
	}
	hi := &hintImages{fsys: fsys}
	add := func(im graph.Image) {
		if im.Path == "" || !graph.ValidImagePath(im.Path) {
			return
		}
		re := regexp.QuoteMeta(im.Path)
		for _, ph := range []string{"{type}", "{type_arg}"} {
			re = strings.ReplaceAll(re, regexp.QuoteMeta(ph), `[^/]+`)
		}
		hi.patterns = append(hi.patterns, regexp.MustCompile("^"+re+"$"))
	}
	for _, c := range pack.Display.Cards {
		add(c.Image)
	}
	for _, o := range pack.Display.Objects {
		add(o.Image)
	}
	if len(hi.patterns) == 0 {
		return nil
	}
	return hi
}

// options are the picture options of match n's (from 1) pictures: the
// images read from the files, linked under the match's API.
func (hi *hintImages) options(n int) picture.Options {
	if hi == nil {
		return picture.Options{}
	}
	base := "/api/matches/" + strconv.Itoa(n) + "/images/"
	return picture.Options{Images: hi.fsys, ImageHref: func(p string) string {
		parts := strings.Split(p, "/")
		for i, s := range parts {
			parts[i] = url.PathEscape(s)
		}
		return base + strings.Join(parts, "/")
	}}
}

// named reports whether p is a path some hint's pattern names.
func (hi *hintImages) named(p string) bool {
	if hi == nil || !fs.ValidPath(p) || path.Clean(p) != p {
		return false
	}
	for _, re := range hi.patterns {
		if re.MatchString(p) {
			return true
		}
	}
	return false
}

// getImage serves the image {path...} a hint names, to any viewer of the
// match: 404 for a path no hint names or the files have not.
func (s *Server) getImage(w http.ResponseWriter, r *http.Request, _ *match, _ int) {
	p := r.PathValue("path")
	ext := strings.ToLower(path.Ext(p))
	if !s.images.named(p) || (ext != ".png" && ext != ".svg") {
		http.NotFound(w, r)
		return
	}
	f, err := s.images.fsys.Open(p)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, graph.MaxImage+1))
	if err != nil || len(data) > graph.MaxImage {
		http.NotFound(w, r)
		return
	}
	kind := "image/png"
	if ext == ".svg" {
		kind = "image/svg+xml"
	}
	h := w.Header()
	h.Set("Content-Type", kind)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox") // an SVG opened alone runs nothing
	h.Set("Cache-Control", "private, max-age=3600")                                            // the same file for the whole match
	w.Write(data)
}
