import { useEffect, useState } from "react";
import { ShowdownClient, type ShowdownRequest } from "showdown-client";

const client = new ShowdownClient({ baseUrl: "https://showdown.example" });

export function ShowdownPicture({ deal }: { deal: ShowdownRequest }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    client.render(deal, "png", { signal: controller.signal })
      .then((png) => setSrc((url = URL.createObjectURL(png))))
      .catch((error: unknown) => controller.signal.aborted || console.error(error));
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [deal]);
  return src ? <img src={src} alt="The showdown" /> : null;
}
