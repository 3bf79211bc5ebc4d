// Crop control of an image (spec 2.4: focus point and letterbox, `no_crop`): which part of the
// picture a fixed frame shows. One rule for the og variant (rendered) and for list thumbnails
// (framed by the browser with object-fit / object-position). Pure: pages and the browser use it.

/** The frame every list shows a thumbnail in (app/globals.css: .release-thumb, .image-thumb). */
export const THUMBNAIL_ASPECT = 3 / 2;

export interface CropWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface CropControl {
  width: number;
  height: number;
  /** The point to keep in view, 0..1 from the left and from the top. */
  focusX: number;
  focusY: number;
  /** Show the whole picture, letterboxed, instead of cropping it. */
  noCrop: boolean;
}

const unit = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);

/**
 * The largest window of the frame's aspect ratio inside a width × height image, placed so the
 * focus point is as near its centre as the image edges allow.
 */
export function cropWindow(width: number, height: number, aspect: number, focusX: number, focusY: number): CropWindow {
  const wider = width / height > aspect;
  const w = wider ? Math.min(width, Math.round(height * aspect)) : width;
  const h = wider ? height : Math.min(height, Math.round(width / aspect));
  const place = (focus: number, size: number, window: number) =>
    Math.min(size - window, Math.max(0, Math.round(unit(focus) * size - window / 2)));
  return { left: place(focusX, width, w), top: place(focusY, height, h), width: w, height: h };
}

/** How a list thumbnail is framed, as CSS: the crop window around the focus point, or the whole picture letterboxed. */
export interface ThumbnailFrame {
  fit: "cover" | "contain";
  /** object-position: which part stays in view when cropping ("50% 50%" for a letterbox). */
  position: string;
}

const percent = (offset: number, slack: number) => (slack > 0 ? Math.round((offset / slack) * 10_000) / 100 : 50);

/**
 * The thumbnail frame of an image. object-position p% aligns the point p% into the picture with
 * the point p% into the frame, so the visible window starts at p × (picture − window): p is the
 * crop window's offset over that slack, and the browser shows exactly cropWindow's window.
 */
export function thumbnailFrame(image: CropControl): ThumbnailFrame {
  if (image.noCrop) return { fit: "contain", position: "50% 50%" };
  const w = cropWindow(image.width, image.height, THUMBNAIL_ASPECT, image.focusX, image.focusY);
  return { fit: "cover", position: `${percent(w.left, image.width - w.width)}% ${percent(w.top, image.height - w.height)}%` };
}
