import L from 'leaflet';

/** Dot look, as the old per-site circle markers: 8 px radius, dark blue with a 2 px white edge. */
const DOT_RADIUS = 8;
const DOT_EDGE = 2;
const DOT_FILL = '#0b5394';
const DOT_EDGE_COLOR = '#ffffff';
/** A click or hover within this distance of a dot's centre is on it: a 44 px target (WCAG 2.5.8). */
export const DOT_HIT_RADIUS = 22;
/** Canvas area beyond each edge of the view, as a share of the view (Leaflet renderers' default). */
const PADDING = 0.1;

type Placed = { lat: number; lng: number };

/**
 * Every site as a dot on one canvas, drawn from the array it is given: a filter change is one
 * `setSites` and one redraw (a few ms for 10,000 sites), not thousands of layers added and removed.
 * Positions are projected once per site (at zoom 0, kept per site object) and scaled to the zoom.
 * A click within DOT_HIT_RADIUS of a dot calls `onSelect` with the nearest site.
 */
export class SiteDotsLayer<S extends Placed> extends L.Layer {
  private sites: readonly S[] = [];
  private readonly onSelect: (site: S) => void;
  /** Zoom-0 pixel position per site object (site objects outlive filter changes). */
  private readonly base = new WeakMap<S, { x: number; y: number }>();
  /** Absolute pixel positions of `sites` at `drawnZoom`. */
  private xs = new Float64Array(0);
  private ys = new Float64Array(0);
  private drawnZoom = Number.NaN;
  /** Canvas top-left in absolute pixels at `drawnZoom`. */
  private topLeft = L.point(0, 0);
  private canvas: HTMLCanvasElement | null = null;
  private sprite: HTMLCanvasElement | null = null;
  private hovering = false;

  constructor(onSelect: (site: S) => void) {
    super();
    this.onSelect = onSelect;
  }

  /** The sites to show from now on; redraws at once when on a map. */
  setSites(sites: readonly S[]) {
    this.sites = sites;
    this.drawnZoom = Number.NaN;
    if (this._map) this.redraw();
    return this;
  }

  override onAdd() {
    const canvas = document.createElement('canvas');
    canvas.className = 'site-dots leaflet-zoom-animated';
    this.canvas = canvas;
    this.getPane()?.appendChild(canvas);
    this.redraw();
    return this;
  }

  override onRemove() {
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  override getEvents() {
    const events: Record<string, L.LeafletEventHandlerFn> = {
      viewreset: this.redraw,
      moveend: this.redraw,
      zoom: this.followZoom,
      click: this.onClick,
      mousemove: this.onHover,
    };
    if (this._map?.options.zoomAnimation) events.zoomanim = this.animateZoom;
    return events;
  }

  /** The site whose dot is nearest to a layer point, if within DOT_HIT_RADIUS. */
  siteAt(layerPoint: L.Point): S | undefined {
    if (!this._map) return undefined;
    this.project();
    const origin = this._map.getPixelOrigin();
    const x = layerPoint.x + origin.x;
    const y = layerPoint.y + origin.y;
    let best = -1;
    let bestDistance = DOT_HIT_RADIUS * DOT_HIT_RADIUS;
    for (let i = 0; i < this.sites.length; i += 1) {
      const dx = this.xs[i]! - x;
      const dy = this.ys[i]! - y;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = i;
      }
    }
    return best < 0 ? undefined : this.sites[best];
  }

  /** Absolute pixel positions at the map's zoom, from the per-site zoom-0 positions. */
  private project() {
    const map = this._map;
    const zoom = map.getZoom();
    if (zoom === this.drawnZoom && this.xs.length === this.sites.length) return;
    const scale = map.getZoomScale(zoom, 0);
    const count = this.sites.length;
    if (this.xs.length !== count) {
      this.xs = new Float64Array(count);
      this.ys = new Float64Array(count);
    }
    for (let i = 0; i < count; i += 1) {
      const site = this.sites[i]!;
      let at = this.base.get(site);
      if (!at) {
        const point = map.project([site.lat, site.lng], 0);
        at = { x: point.x, y: point.y };
        this.base.set(site, at);
      }
      this.xs[i] = at.x * scale;
      this.ys[i] = at.y * scale;
    }
    this.drawnZoom = zoom;
  }

  /** One dot, drawn once at the screen's pixel density and stamped for every site. */
  private dotSprite(ratio: number) {
    if (this.sprite && this.sprite.dataset.ratio === String(ratio)) return this.sprite;
    const size = (DOT_RADIUS + DOT_EDGE) * 2;
    const sprite = document.createElement('canvas');
    sprite.width = sprite.height = Math.ceil(size * ratio);
    sprite.dataset.ratio = String(ratio);
    const context = sprite.getContext('2d');
    if (context) {
      context.scale(ratio, ratio);
      context.beginPath();
      context.arc(size / 2, size / 2, DOT_RADIUS, 0, Math.PI * 2);
      context.fillStyle = DOT_FILL;
      context.fill();
      context.lineWidth = DOT_EDGE;
      context.strokeStyle = DOT_EDGE_COLOR;
      context.stroke();
    }
    this.sprite = sprite;
    return sprite;
  }

  /** Places the canvas over the view (plus PADDING) and draws every dot that falls on it. */
  redraw() {
    const map = this._map;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    this.project();
    const size = map.getSize();
    const topLeftInLayer = map.containerPointToLayerPoint(size.multiplyBy(-PADDING)).round();
    const width = Math.round(size.x * (1 + 2 * PADDING));
    const height = Math.round(size.y * (1 + 2 * PADDING));
    const ratio = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
    L.DomUtil.setPosition(canvas, topLeftInLayer);
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    const origin = map.getPixelOrigin();
    this.topLeft = topLeftInLayer.add(origin);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    const sprite = this.dotSprite(ratio);
    // The sprite's top-left corner, in the canvas's CSS pixels, is the site's point less half a dot.
    const half = DOT_RADIUS + DOT_EDGE;
    const left = this.topLeft.x + half;
    const top = this.topLeft.y + half;
    for (let i = 0; i < this.xs.length; i += 1) {
      const x = this.xs[i]! - left;
      const y = this.ys[i]! - top;
      if (x < -half * 2 || y < -half * 2 || x > width || y > height) continue;
      context.drawImage(sprite, Math.round(x * ratio), Math.round(y * ratio));
    }
  }

  /** During a zoom animation the drawn canvas is scaled and moved with the tiles (as Leaflet's renderers do). */
  private animateZoom(event: L.LeafletEvent) {
    const { center, zoom } = event as L.ZoomAnimEvent;
    this.transformTo(center, zoom);
  }

  private followZoom() {
    if (this._map) this.transformTo(this._map.getCenter(), this._map.getZoom());
  }

  private transformTo(center: L.LatLng, zoom: number) {
    const map = this._map;
    if (!map || !this.canvas || Number.isNaN(this.drawnZoom)) return;
    const scale = map.getZoomScale(zoom, this.drawnZoom);
    const mapPane = map.getPane('mapPane');
    const panePosition = mapPane ? L.DomUtil.getPosition(mapPane) : L.point(0, 0);
    const newOrigin = map.project(center, zoom).subtract(map.getSize().divideBy(2)).add(panePosition).round();
    L.DomUtil.setTransform(this.canvas, this.topLeft.multiplyBy(scale).subtract(newOrigin), scale);
  }

  private onClick(event: L.LeafletEvent) {
    const site = this.siteAt((event as L.LeafletMouseEvent).layerPoint);
    if (site) this.onSelect(site);
  }

  private onHover(event: L.LeafletEvent) {
    const over = this.siteAt((event as L.LeafletMouseEvent).layerPoint) !== undefined;
    if (over === this.hovering || !this.canvas) return;
    this.hovering = over;
    this.canvas.classList.toggle('leaflet-interactive', over);
  }
}
