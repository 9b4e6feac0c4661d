// Notices a new release while the shell is open: the page (`/`) is served `no-cache` with a content-derived ETag,
// so a conditional GET answers 304 while the release is the same and 200 with another ETag once it changed.
// Checked when the window regains focus and every few minutes; nothing here reloads by itself.

export const RELEASE_CHECK_MS = 5 * 60_000;

export interface ReleaseCheckDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Told once, when the page's ETag differs from the one first seen. */
  onNewRelease: () => void;
  pageUrl?: string;
}

export class ReleaseWatcher {
  #etag: string | null = null;
  #told = false;
  #checking: Promise<void> | null = null;
  readonly #deps: ReleaseCheckDeps;

  constructor(deps: ReleaseCheckDeps) {
    this.#deps = deps;
  }

  /** One look at the page; a failed look (offline, gateway restarting) changes nothing. */
  check(): Promise<void> {
    this.#checking ??= this.#look().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  async #look(): Promise<void> {
    if (this.#told) return;
    const headers: Record<string, string> = {};
    if (this.#etag) headers['If-None-Match'] = this.#etag;
    let response: Response;
    try {
      response = await this.#deps.fetch(this.#deps.pageUrl ?? '/', {
        method: 'GET',
        headers,
        cache: 'no-store',
        credentials: 'same-origin',
      });
    } catch {
      return;
    }
    if (response.status === 304 || !response.ok) return;
    const etag = response.headers.get('etag');
    if (!etag) return;
    if (this.#etag === null) {
      this.#etag = etag;
      return;
    }
    if (etag !== this.#etag) {
      this.#told = true;
      this.#deps.onNewRelease();
    }
  }
}
