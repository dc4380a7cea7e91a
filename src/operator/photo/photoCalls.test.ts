import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { isPhotoType, uploadPhoto } from './photoCalls';

function answering(status: number, body: unknown) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  const call = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    changePending: vi.fn(),
    notify: vi.fn(),
    translateKey: () => undefined,
    redirectToLogin: vi.fn(),
  });
  return { call, fetch };
}

const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shop front.png', { type: 'image/png' });

describe('uploadPhoto', () => {
  it("posts the file in the field `file` under the file's own name", async () => {
    const { call, fetch } = answering(200, { success: true, id: 'abc123' });
    await expect(uploadPhoto(call, PNG)).resolves.toEqual({ kind: 'stored', id: 'abc123' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/upload');
    const form = init.body as FormData;
    const file = form.get('file') as File;
    expect(file.name).toBe('shop front.png');
    expect(file.size).toBe(4);
  });

  it.each([
    [413, { success: false, msg: 'fileTooLarge' }, 'tooLarge'],
    [415, { success: false, msg: 'unsupportedFileType' }, 'wrongType'],
    [500, { success: false, msg: 'systemError' }, 'failed'],
  ])('reads a %i answer as %j', async (status, body, kind) => {
    await expect(uploadPhoto(answering(status, body).call, PNG)).resolves.toMatchObject({ kind });
  });
});

describe('isPhotoType', () => {
  it('takes the four image types the server stores', () => {
    expect(isPhotoType(PNG)).toBe(true);
    expect(isPhotoType(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(true);
    expect(isPhotoType(new File(['x'], 'notes.pdf', { type: 'application/pdf' }))).toBe(false);
    expect(isPhotoType(new File(['x'], 'raw', { type: '' }))).toBe(false);
  });
});
