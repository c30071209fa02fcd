package picture

import "image"

// run is a stretch of a sprite's row to copy: columns [c0, c1) all opaque
// (copied as they are) or all translucent (laid over the picture), or the
// middle column alone. Transparent pixels are in no run.
type run struct {
	c0, c1 int
	opaque bool
}

// index finds the runs of each row of the sprite, once when it is drawn.
func (sp *sprite) index() {
	w, h := sp.img.Rect.Dx(), sp.img.Rect.Dy()
	mid := sp.midX - sp.dx
	sp.rows = make([][]run, h)
	for r := 0; r < h; r++ {
		pix := sp.img.Pix[r*sp.img.Stride:]
		var runs []run
		for c := 0; c < w; {
			a := pix[4*c+3]
			if a == 0 {
				c++
				continue
			}
			e := c + 1
			for c != mid && e < w && e != mid && pix[4*e+3] != 0 && (pix[4*e+3] == 255) == (a == 255) {
				e++
			}
			runs = append(runs, run{c, e, a == 255})
			c = e
		}
		sp.rows[r] = runs
	}
}

// draw copies the sprite onto dst with its frame's origin at (ox, oy), its
// middle column copied kx times more and its middle row ky times more.
func (sp *sprite) draw(dst *image.RGBA, ox, oy, kx, ky int) {
	b := dst.Rect
	for sr, runs := range sp.rows {
		fy := sr + sp.dy
		y0, n := oy+fy, 1
		if fy == sp.midY {
			n = ky + 1
		} else if fy > sp.midY {
			y0 += ky
		}
		src := sp.img.Pix[sr*sp.img.Stride:]
		for y := max(y0, b.Min.Y); y < min(y0+n, b.Max.Y); y++ {
			row := dst.Pix[(y-b.Min.Y)*dst.Stride : (y-b.Min.Y+1)*dst.Stride]
			sp.drawRow(row, src, runs, ox-b.Min.X, b.Dx(), kx)
		}
	}
}

// drawRow copies one row of the sprite (src, its runs) onto a row of the
// picture (row, w pixels), the frame's column 0 at pixel ox.
func (sp *sprite) drawRow(row, src []byte, runs []run, ox, w, kx int) {
	for _, r := range runs {
		fx := r.c0 + sp.dx
		x0 := ox + fx
		if fx > sp.midX {
			x0 += kx
		}
		if fx == sp.midX { // one colour, kx+1 times
			x1 := min(x0+kx+1, w)
			x0 = max(x0, 0)
			if x0 >= x1 {
				continue
			}
			px := src[4*r.c0 : 4*r.c0+4 : 4*r.c0+4]
			if r.opaque {
				fill(row[4*x0:4*x1], px)
			} else {
				over(row[4*x0:4*x1], px)
			}
			continue
		}
		c0, c1 := r.c0, r.c1
		if x0 < 0 {
			c0 -= x0
			x0 = 0
		}
		if x0+c1-c0 > w {
			c1 = c0 + w - x0
		}
		if c0 >= c1 {
			continue
		}
		if r.opaque {
			copy(row[4*x0:], src[4*c0:4*c1])
		} else {
			blend(row[4*x0:4*(x0+c1-c0)], src[4*c0:4*c1])
		}
	}
}

// fill sets every pixel of run to px, doubling what is copied.
func fill(run, px []byte) {
	copy(run, px)
	for n := 4; n < len(run); n *= 2 {
		copy(run[n:], run[:n])
	}
}

// over lays the premultiplied px over every pixel of run: d·(1-α) + s.
func over(run, px []byte) {
	a := 255 - uint32(px[3])
	for i := 0; i+3 < len(run); i += 4 {
		d := run[i : i+4 : i+4]
		d[0] = px[0] + div255(uint32(d[0])*a)
		d[1] = px[1] + div255(uint32(d[1])*a)
		d[2] = px[2] + div255(uint32(d[2])*a)
		d[3] = px[3] + div255(uint32(d[3])*a)
	}
}

// blend lays the premultiplied pixels src over those of run, one by one.
func blend(run, src []byte) {
	for i := 0; i+3 < len(run) && i+3 < len(src); i += 4 {
		d, s := run[i:i+4:i+4], src[i:i+4:i+4]
		a := 255 - uint32(s[3])
		d[0] = s[0] + div255(uint32(d[0])*a)
		d[1] = s[1] + div255(uint32(d[1])*a)
		d[2] = s[2] + div255(uint32(d[2])*a)
		d[3] = s[3] + div255(uint32(d[3])*a)
	}
}

// div255 is v/255 rounded, for v up to 255·255.
func div255(v uint32) uint8 {
	v += 128
	return uint8((v + v>>8) >> 8)
}
