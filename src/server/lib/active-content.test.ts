import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { findActiveContent } from './active-content.js';

/** A small, valid-looking PDF whose catalog carries `catalogExtra` and whose file ends with `tail`. */
function pdf(options: { catalogExtra?: string; objects?: string[]; tail?: string; head?: string } = {}): Buffer {
  const objects = [
    `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''}>>\nendobj\n`,
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n',
    ...(options.objects ?? []),
  ];
  return Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${options.head ?? ''}${objects.join('')}trailer\n<< /Root 1 0 R /ID [<a1 b2 c3><d4e5f6>] >>\n%%EOF\n${options.tail ?? ''}`,
    'latin1',
  );
}

/** A stream object whose data is `data`, with `dictionary` entries. */
function streamObject(id: number, dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`${id} 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

/** Bytes that look like compressed data (deterministic, so the test never flakes). */
function noise(size: number, seed: string): Buffer {
  const chunks: Buffer[] = [];
  let block = createHash('sha256').update(seed).digest();
  for (let length = 0; length < size; length += block.length) {
    chunks.push(block);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat(chunks).subarray(0, size);
}

/** A PDF with these extra objects as raw bytes (for streams). */
function pdfWith(...parts: Buffer[]): Buffer {
  const base = pdf();
  const at = base.indexOf('trailer');
  return Buffer.concat([base.subarray(0, at), ...parts, base.subarray(at)]);
}

describe('active content in uploaded documents', () => {
  it('finds none in a plain PDF, one with XMP metadata, hex strings, a page opened at a view, or megabytes of image data', () => {
    expect(findActiveContent(pdf(), 'pdf')).toBeNull();
    const xmp = Buffer.from(
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description><dc:title><rdf:Alt><rdf:li>Proof of address</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
    );
    expect(
      findActiveContent(
        pdfWith(
          streamObject(4, '/Type /Metadata /Subtype /XML', xmp),
          streamObject(
            5,
            '/Type /XObject /Subtype /Image /Width 2000 /Height 2000 /Filter /DCTDecode',
            noise(6 * 1024 * 1024, 'scan'),
          ),
        ),
        'pdf',
      ),
    ).toBeNull();
    expect(
      findActiveContent(pdf({ catalogExtra: '/OpenAction [3 0 R /FitH 842] /PageMode /UseOutlines' }), 'pdf'),
    ).toBeNull();
    // A link is no script.
    expect(
      findActiveContent(
        pdf({ objects: ['4 0 obj\n<< /Type /Action /S /URI /URI (https://lanefreight.ng/index.html) >>\nendobj\n'] }),
        'pdf',
      ),
    ).toBeNull();
  });

  it('finds HTML anywhere in a PDF, in any case: after the header, in the middle, after %%EOF', () => {
    expect(findActiveContent(pdf({ head: '<html><script>alert(document.domain)</script></html>\n' }), 'pdf')).toBe(
      'html',
    );
    expect(findActiveContent(pdf({ objects: ['4 0 obj\n(<BODY onload=alert(1)>)\nendobj\n'] }), 'pdf')).toBe('html');
    expect(findActiveContent(pdf({ tail: '<IfRaMe src="https://evil.example/"></iframe>' }), 'pdf')).toBe('html');
    expect(findActiveContent(pdf({ tail: '<!DOCTYPE html>' }), 'pdf')).toBe('html');
    expect(findActiveContent(pdf({ tail: '<svg onload=alert(1)>' }), 'pdf')).toBe('html');
    expect(findActiveContent(pdf({ head: '<img src=x onerror=alert(1)>\n' }), 'pdf')).toBe('html');
  });

  it('finds HTML in an image document too', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(findActiveContent(jpeg, 'jpeg')).toBeNull();
    expect(findActiveContent(Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]), 'jpeg')).toBe('html');
  });

  it('finds PDF JavaScript: document scripts, JavaScript actions, /JS, even written with #hh escapes', () => {
    expect(
      findActiveContent(
        pdf({
          catalogExtra: '/Names << /JavaScript 4 0 R >>',
          objects: ['4 0 obj\n<< /Names [(a) 5 0 R] >>\nendobj\n'],
        }),
        'pdf',
      ),
    ).toBe('pdf-javascript');
    expect(
      findActiveContent(
        pdf({
          catalogExtra: '/OpenAction 4 0 R',
          objects: ['4 0 obj\n<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj\n'],
        }),
        'pdf',
      ),
    ).toBe('pdf-javascript');
    expect(findActiveContent(pdf({ catalogExtra: '/OpenAction << /S /J#61vaScript /J#53 4 0 R >>' }), 'pdf')).toBe(
      'pdf-javascript',
    );
    expect(findActiveContent(pdf({ catalogExtra: '/OpenAction<</JS 4 0 R>>' }), 'pdf')).toBe('pdf-javascript');
  });

  it('finds additional actions and launch actions', () => {
    expect(
      findActiveContent(pdf({ objects: ['4 0 obj\n<< /Type /Page /AA << /O 5 0 R >> >>\nendobj\n'] }), 'pdf'),
    ).toBe('pdf-additional-actions');
    expect(findActiveContent(pdf({ catalogExtra: '/OpenAction << /S /Launch /F (cmd.exe) >>' }), 'pdf')).toBe(
      'pdf-launch',
    );
  });

  it('finds a script hidden in a compressed object stream, and refuses an object stream it cannot read', () => {
    const objects = '4 0 5 60 << /Type /Action /S /JavaScript /JS 6 0 R >> << /Length 10 >>';
    const hidden = streamObject(
      7,
      '/Type /ObjStm /N 2 /First 10 /Filter /FlateDecode',
      deflateSync(Buffer.from(objects)),
    );
    expect(findActiveContent(pdfWith(hidden), 'pdf')).toBe('pdf-javascript');
    const hiddenName = streamObject(
      7,
      '/Type /Obj#53tm /N 1 /First 4 /Filter [/FlateDecode]',
      deflateSync(Buffer.from('4 0 << /AA << /O 5 0 R >> >>')),
    );
    expect(findActiveContent(pdfWith(hiddenName), 'pdf')).toBe('pdf-additional-actions');
    const clean = streamObject(
      7,
      '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
      deflateSync(Buffer.from('4 0 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')),
    );
    expect(findActiveContent(pdfWith(clean), 'pdf')).toBeNull();

    const otherFilter = streamObject(
      7,
      '/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode',
      Buffer.from('3420302E>'),
    );
    expect(findActiveContent(pdfWith(otherFilter), 'pdf')).toBe('pdf-unreadable-object-stream');
    const predictor = streamObject(
      7,
      '/Type /ObjStm /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>',
      deflateSync(Buffer.from('4 0 << >>')),
    );
    expect(findActiveContent(pdfWith(predictor), 'pdf')).toBe('pdf-unreadable-object-stream');
    const bomb = streamObject(7, '/Type /ObjStm /Filter /FlateDecode', deflateSync(Buffer.alloc(20 * 1024 * 1024)));
    expect(findActiveContent(pdfWith(bomb), 'pdf')).toBe('pdf-unreadable-object-stream');
  });

  it('leaves short names in image data alone: /JS and /AA count only in dictionaries', () => {
    const data = Buffer.concat([noise(4096, 'a'), Buffer.from('/JS (x) /AA <<'), noise(4096, 'b')]);
    expect(
      findActiveContent(pdfWith(streamObject(4, '/Type /XObject /Subtype /Image /Filter /DCTDecode', data)), 'pdf'),
    ).toBeNull();
    // Long names count wherever they are: an object placed inside another's data is still read by a reader.
    const hidden = Buffer.concat([
      noise(4096, 'c'),
      Buffer.from('5 0 obj << /S /JavaScript /JS (x) >> endobj'),
      noise(4096, 'd'),
    ]);
    expect(findActiveContent(pdfWith(streamObject(4, '/Filter /DCTDecode', hidden)), 'pdf')).toBe('pdf-javascript');
  });
});
