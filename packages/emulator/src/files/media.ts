import { deflateSync } from 'node:zlib';

/** The kinds of file the emulator hands out as results and uploads. */
export type MediaFormat =
  | 'png'
  | 'jpeg'
  | 'webp'
  | 'mp3'
  | 'wav'
  | 'mp4'
  | 'glb'
  | 'obj'
  | 'stl'
  | 'ply'
  | 'txt'
  | 'pdf';

export const MEDIA_TYPES: Record<MediaFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  glb: 'model/gltf-binary',
  obj: 'model/obj',
  stl: 'model/stl',
  ply: 'application/ply',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 64x64 RGB PNG: a gradient whose hue depends on `seed`, so results differ visibly. */
export function png(seed: number, size = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++)
      rows.push((x * 4 + seed) & 255, (y * 4 + seed * 3) & 255, (seed * 7) & 255);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A real WAV file: half a second of a tone, 8 kHz mono 8-bit. */
export function wav(seed: number, seconds = 0.5): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples, 40);
  const frequency = 220 + (seed % 8) * 55;
  for (let i = 0; i < samples; i++)
    buffer[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * frequency * i) / rate));
  return buffer;
}

/** An MPEG-1 Layer III stream of silent frames (128 kbit/s, 44.1 kHz) that players accept. */
export function mp3(seconds = 0.5): Buffer {
  const frameLength = 417;
  const frames = Math.max(1, Math.round((seconds * 44100) / 1152));
  const frame = Buffer.alloc(frameLength);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

/** An ISO base media file with `ftyp`, `free` and `mdat` boxes: recognisably MP4, not playable. */
export function mp4(seed: number): Buffer {
  const brand = Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1');
  return Buffer.concat([
    box('ftyp', brand),
    box('free', Buffer.from('generation-emulator')),
    box('mdat', png(seed, 16)),
  ]);
}

/** A valid binary glTF 2.0 holding one triangle. */
export function glb(): Buffer {
  const positions = Buffer.alloc(36);
  for (const [index, value] of [0, 0, 0, 1, 0, 0, 0, 1, 0].entries())
    positions.writeFloatLE(value, index * 4);
  const gltf = {
    asset: { version: '2.0', generator: 'generation-agent-toolkit emulator' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    buffers: [{ byteLength: 36 }],
    bufferViews: [{ buffer: 0, byteLength: 36 }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
    ],
  };
  let json = Buffer.from(JSON.stringify(gltf));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const chunk = (type: number, data: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32LE(data.length, 0);
    header.writeUInt32LE(type, 4);
    return Buffer.concat([header, data]);
  };
  const body = Buffer.concat([chunk(0x4e4f534a, json), chunk(0x004e4942, positions)]);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + body.length, 8);
  return Buffer.concat([header, body]);
}

/** A one-page PDF that says `line`. */
export function pdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, ' ');
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const TETRAHEDRON_OBJ = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n';
const TRIANGLE_STL =
  'solid emulator\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid emulator\n';
const TRIANGLE_PLY =
  'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n';

/** The bytes of a result file of `format`; `seed` varies images and tones between results. */
export function mediaBytes(format: MediaFormat, seed: number, text = ''): Buffer {
  switch (format) {
    case 'png':
    case 'jpeg':
    case 'webp':
      // Every image result is a PNG underneath; its name says the format asked for.
      return png(seed);
    case 'wav':
      return wav(seed);
    case 'mp3':
      return mp3();
    case 'mp4':
      return mp4(seed);
    case 'glb':
      return glb();
    case 'obj':
      return Buffer.from(TETRAHEDRON_OBJ);
    case 'stl':
      return Buffer.from(TRIANGLE_STL);
    case 'ply':
      return Buffer.from(TRIANGLE_PLY);
    case 'txt':
      return Buffer.from(text, 'utf8');
    case 'pdf':
      return pdf(text);
  }
}
