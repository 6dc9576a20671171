// Client-supplied profile images must be base64 images, as the backend's validateBase64Image.
const DATA_URL = /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const BARE_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function isBase64Image(url: string): boolean {
  return DATA_URL.test(url) || BARE_BASE64.test(url);
}
