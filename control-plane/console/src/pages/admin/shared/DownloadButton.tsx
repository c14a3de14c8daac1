import { useEffect, useMemo } from 'react';
import { Button } from '@mantine/core';

/** A link that saves `text` as a file named `fileName` (made in the browser; nothing is sent anywhere). */
export function DownloadButton({ text, fileName, type, label }: { text: string; fileName: string; type: string; label: string }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([text], { type })), [text, type]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Button component="a" href={url} download={fileName}>
      {label}
    </Button>
  );
}
