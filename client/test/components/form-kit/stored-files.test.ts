// Stored upload paths: the comma-joined fileName splits into its files, and each file's link keeps the whole name.
import { describe, expect, it } from 'vitest';
import { fileNameOf, fileUrl, storedFiles } from '../../../components/form-kit/stored-files';

describe('stored files', () => {
  it('splits a fileName into its paths', () => {
    expect(storedFiles('bill/63/a_1.pdf,bill/63/b_2.png,')).toEqual(['bill/63/a_1.pdf', 'bill/63/b_2.png']);
    expect(storedFiles(null)).toEqual([]);
  });

  it('links a name with # ? % or Chinese so that the whole name reaches the backend', () => {
    const path = 'bill/63/no#1 why?100%_报价_1763800000000.pdf';
    const url = fileUrl(path);
    expect(url).toBe(
      '/jshERP-boot/systemConfig/static/bill/63/no%231%20why%3F100%25_%E6%8A%A5%E4%BB%B7_1763800000000.pdf',
    );
    const parsed = new URL(url, 'http://localhost');
    expect(parsed.hash).toBe('');
    expect(parsed.search).toBe('');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/jshERP-boot/systemConfig/static/${path}`);
    expect(fileNameOf(path)).toBe('no#1 why?100%_报价_1763800000000.pdf');
  });
});
