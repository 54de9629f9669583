// Writes the app's alert sounds as small WAV files from raw PCM (nothing is downloaded).
// node scripts/make-sounds.mjs → src/client/public/sounds/order-ready.wav
import fs from 'node:fs';

function wav(samples, rate) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// A rising three-note "ding-ding-ding" (C6, E6, G6) with a soft decay.
const rate = 22050;
const notes = [1046.5, 1318.5, 1568.0];
const samples = [];
for (const [index, frequency] of notes.entries()) {
  const length = Math.round(rate * (index === notes.length - 1 ? 0.45 : 0.18));
  for (let i = 0; i < length; i += 1) {
    const t = i / rate;
    const envelope = Math.min(1, t * 200) * Math.exp(-t * 6);
    samples.push(
      0.6 *
        envelope *
        (Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(4 * Math.PI * frequency * t)),
    );
  }
}
fs.mkdirSync('src/client/public/sounds', { recursive: true });
fs.writeFileSync('src/client/public/sounds/order-ready.wav', wav(samples, rate));
console.log('wrote src/client/public/sounds/order-ready.wav');
