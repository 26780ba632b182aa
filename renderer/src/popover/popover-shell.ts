/** What the popover needs from its window besides the inbox. */
export interface PopoverShell {
  hide(): void;
  openInWindow(id: string | null): void;
  /** The main process opened the popover on a request (null: the oldest). Returns unsubscribe. */
  onShowRequest(listener: (id: string | null) => void): () => void;
}
