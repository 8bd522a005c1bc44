// A tiny PNG encoder for the example images: truecolour, 8 bits a channel, no dependency beyond
// node:zlib (the format's own deflate and CRC-32). Enough for swatches of a few hundred bytes.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * @param {string} type four letters, e.g. `IHDR`
 * @param {Buffer} data
 */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Encodes an image as PNG.
 *
 * @param {number} width
 * @param {number} height
 * @param {(x: number, y: number) => [number, number, number]} colourAt red, green, blue (0-255)
 * @returns {Buffer} the PNG file's bytes
 */
export function encodePng(width, height, colourAt) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const rowLength = 1 + width * 3;
  const pixels = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y += 1) {
    // Each row starts with its filter type: 0, none.
    for (let x = 0; x < width; x += 1) pixels.set(colourAt(x, y), y * rowLength + 1 + x * 3);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
