// The reference page `npm run lighthouse` measures beside the shop's (docs/performance.md): React
// 19 and nothing else, built by the same Vite with the same React plugin.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>A bare React page</h1>
      <button type="button" onClick={() => setCount(count + 1)}>
        Pressed {count} times
      </button>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
