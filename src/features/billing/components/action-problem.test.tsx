import { render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-client/api-error';
import { ActionProblemAlert, actionProblem } from './action-problem';

const PRO_MESSAGE = 'Free accounts can keep up to 3 projects. Codetrail Pro has no limit: delete one, or go Pro for more.';

describe('actionProblem', () => {
  it.each([
    ['a 402 from a Pro gate', new ApiError('createMachine', 402, 'Payment Required', PRO_MESSAGE), { kind: 'pro', text: PRO_MESSAGE }],
    ['a 402 without a message', new ApiError('createMachine', 402, 'Payment Required', null), { kind: 'pro', text: 'This is part of Codetrail Pro.' }],
    ['a 409', new ApiError('createMachine', 409, 'Conflict', 'You can have 3 machines.'), { kind: 'error', text: 'Could not create the machine. You can have 3 machines.' }],
    ['a network failure', new TypeError('Failed to fetch'), { kind: 'error', text: 'Failed to fetch' }],
    ['something thrown that is no error', 'boom', { kind: 'error', text: 'The machine could not be created.' }],
  ])('%s', (_name, error, expected) => {
    expect(actionProblem(error, 'The machine could not be created.')).toEqual(expected);
  });
});

describe('ActionProblemAlert', () => {
  it('shows an error as an alert', () => {
    render(<ActionProblemAlert problem={{ kind: 'error', text: 'The project could not be created.' }} returnTo="/web/build" trackingReferer="projects" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The project could not be created.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('explains a Pro refusal and leads to the paywall, which leads back', () => {
    render(<ActionProblemAlert problem={{ kind: 'pro', text: PRO_MESSAGE }} returnTo="/web/build" trackingReferer="projects" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(PRO_MESSAGE);
    expect(screen.getByRole('link', { name: 'See Codetrail Pro' })).toHaveAttribute('href', '/web/pro?redirectUrl=%2Fweb%2Fbuild&trackingReferer=projects');
  });

  it('shows nothing without a problem', () => {
    const { container } = render(<ActionProblemAlert problem={null} returnTo="/web/build" trackingReferer="projects" />);
    expect(container).toBeEmptyDOMElement();
  });
});
