import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOT_HIT_RADIUS, SiteDotsLayer } from './site-dots-layer.ts';

type Spot = { id: number; lat: number; lng: number };

const maps: L.Map[] = [];
function makeMap() {
  const container = document.createElement('div');
  document.body.append(container);
  const map = L.map(container, { center: [37.7749, -122.4194], zoom: 14, zoomAnimation: false });
  maps.push(map);
  return map;
}

afterEach(() => {
  for (const map of maps.splice(0)) map.remove();
  vi.restoreAllMocks();
});

const north: Spot = { id: 1, lat: 37.7749, lng: -122.4194 };
const near: Spot = { id: 2, lat: 37.77505, lng: -122.4194 }; // ~21 px north of `north` at zoom 14
const far: Spot = { id: 3, lat: 37.79, lng: -122.4 };
const east: Spot = { id: 4, lat: 37.7749, lng: -122.41 }; // ~110 px east of the centre
const away: Spot = { id: 5, lat: 37.9, lng: -122.2 }; // far outside a 600 × 400 view

/** A 2D context that records where dots are stamped (happy-dom draws nothing). */
function recordDrawing() {
  const stamps: { x: number; y: number }[] = [];
  const context = {
    setTransform() {},
    clearRect() {},
    scale() {},
    beginPath() {},
    arc() {},
    fill() {},
    stroke() {},
    drawImage: (_image: unknown, x: number, y: number) => stamps.push({ x, y }),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  return stamps;
}

describe('SiteDotsLayer', () => {
  it('finds the site whose dot is nearest a point, within a 44 px target', () => {
    const map = makeMap();
    const layer = new SiteDotsLayer<Spot>(() => {}).addTo(map);
    layer.setSites([north, far]);
    const at = map.latLngToLayerPoint([north.lat, north.lng]);
    expect(layer.siteAt(at)).toBe(north);
    expect(layer.siteAt(at.add([DOT_HIT_RADIUS - 1, 0]))).toBe(north);
    expect(layer.siteAt(at.add([0, -(DOT_HIT_RADIUS - 1)]))).toBe(north);
    expect(layer.siteAt(at.add([DOT_HIT_RADIUS + 2, 0]))).toBeUndefined();
    expect(layer.siteAt(map.latLngToLayerPoint([far.lat, far.lng]))).toBe(far);
  });

  it('prefers the nearer of two overlapping dots', () => {
    const map = makeMap();
    const layer = new SiteDotsLayer<Spot>(() => {}).addTo(map);
    layer.setSites([north, near]);
    const a = map.latLngToLayerPoint([north.lat, north.lng]);
    const b = map.latLngToLayerPoint([near.lat, near.lng]);
    expect(a.distanceTo(b)).toBeLessThan(DOT_HIT_RADIUS * 2);
    expect(layer.siteAt(a.add([0, 2]))).toBe(north);
    expect(layer.siteAt(b.add([0, -2]))).toBe(near);
  });

  it('follows the array it is given: a filter change replaces every dot at once', () => {
    const map = makeMap();
    const layer = new SiteDotsLayer<Spot>(() => {}).addTo(map);
    layer.setSites([north, far]);
    layer.setSites([far]);
    expect(layer.siteAt(map.latLngToLayerPoint([north.lat, north.lng]))).toBeUndefined();
    expect(layer.siteAt(map.latLngToLayerPoint([far.lat, far.lng]))).toBe(far);
    layer.setSites([]);
    expect(layer.siteAt(map.latLngToLayerPoint([far.lat, far.lng]))).toBeUndefined();
  });

  it('keeps hitting the right site after a zoom', () => {
    const map = makeMap();
    const layer = new SiteDotsLayer<Spot>(() => {}).addTo(map);
    layer.setSites([north, near]);
    map.setZoom(17, { animate: false });
    expect(layer.siteAt(map.latLngToLayerPoint([near.lat, near.lng]))).toBe(near);
    expect(layer.siteAt(map.latLngToLayerPoint([north.lat, north.lng]).add([0, 15]))).toBe(north);
  });

  it('a click on the map near a dot selects its site; a click elsewhere selects nothing', () => {
    const map = makeMap();
    const onSelect = vi.fn();
    new SiteDotsLayer<Spot>(onSelect).addTo(map).setSites([north, far]);
    const layerPoint = map.latLngToLayerPoint([far.lat, far.lng]).add([5, 5]);
    map.fire('click', { layerPoint, latlng: map.layerPointToLatLng(layerPoint) });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(far);
    const empty = map.latLngToLayerPoint([37.76, -122.44]);
    map.fire('click', { layerPoint: empty, latlng: map.layerPointToLatLng(empty) });
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('puts one canvas in the overlay pane and takes it away when removed', () => {
    const map = makeMap();
    const layer = new SiteDotsLayer<Spot>(() => {}).addTo(map);
    const pane = map.getPane('overlayPane')!;
    expect(pane.querySelectorAll('canvas')).toHaveLength(1);
    layer.remove();
    expect(pane.querySelectorAll('canvas')).toHaveLength(0);
  });

  it('stamps each dot centred on its site, and only the dots in view', () => {
    const stamps = recordDrawing();
    const map = makeMap();
    vi.spyOn(map, 'getSize').mockReturnValue(L.point(600, 400));
    const layer = new SiteDotsLayer<Spot>(() => {}).addTo(map);
    stamps.length = 0;
    layer.setSites([north, east, away]);
    const canvas = map.getPane('overlayPane')!.querySelector('canvas')!;
    const origin = L.DomUtil.getPosition(canvas);
    // A dot is 20 px across (8 px radius, 2 px edge): its image's corner is 10 px up and left of the site.
    const corner = (spot: Spot) =>
      map.latLngToLayerPoint([spot.lat, spot.lng]).subtract(origin).subtract([10, 10]).round();
    expect(stamps).toEqual([corner(north), corner(east)].map(({ x, y }) => ({ x, y })));
  });
});
