import { useEffect, useState } from 'react';
import { listModelsCall, modelIdsOf, type WireFormat } from '../../api/model-calls';
import { errorMessageOf } from './stream';

/** The models a key may call in a format, as the data plane lists them. */
export interface ModelList {
  models: string[];
  loading: boolean;
  error?: string;
}

/** Asks the data plane at `nodeBaseUrl` for `format`'s model listing with `key` (again whenever one of them changes). */
export function useModels(format: WireFormat | null, nodeBaseUrl: string | undefined, key: string | undefined, networkError: string): ModelList {
  const [list, setList] = useState<ModelList>({ models: [], loading: false });
  useEffect(() => {
    if (!format || !nodeBaseUrl || !key) {
      setList({ models: [], loading: false });
      return undefined;
    }
    const controller = new AbortController();
    setList({ models: [], loading: true });
    const call = listModelsCall(format, nodeBaseUrl, key);
    fetch(call.url, { headers: call.headers, signal: controller.signal })
      .then(async (res) => {
        const text = await res.text();
        if (!res.ok) setList({ models: [], loading: false, error: errorMessageOf(text) || `HTTP ${res.status}` });
        else setList({ models: modelIdsOf(JSON.parse(text)), loading: false });
      })
      .catch((err: Error) => {
        if (!controller.signal.aborted) setList({ models: [], loading: false, error: `${networkError} (${err.message})` });
      });
    return () => controller.abort();
  }, [format, nodeBaseUrl, key, networkError]);
  return list;
}
