import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { PanelBoundary } from './panel-boundary';

let broken = true;
function Flaky() {
  if (broken) throw new Error('render failed');
  return <p>Editor is back</p>;
}

function Lesson() {
  const [typed] = useState('print("kept")');
  return (
    <article>
      <PanelBoundary name="The lesson text">
        <p>Variables hold values.</p>
      </PanelBoundary>
      <PanelBoundary name="The code panel">
        <Flaky />
      </PanelBoundary>
      <PanelBoundary name="The feedback">
        <p>{typed}</p>
      </PanelBoundary>
    </article>
  );
}

describe('PanelBoundary', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('a panel that throws shows a recoverable message while the other panels still render', () => {
    broken = true;
    render(<Lesson />);
    expect(screen.getByRole('alert')).toHaveTextContent('The code panel hit a problem and could not be shown. Your code and progress are safe.');
    expect(screen.getByText('Variables hold values.')).toBeInTheDocument();
    expect(screen.getByText('print("kept")')).toBeInTheDocument();

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Editor is back')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
