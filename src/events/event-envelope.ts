/** An event as subscribers receive it. */
export interface StoreEventMessage {
  id: string;
  name: string;
  store_id: string | null;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: string;
}
