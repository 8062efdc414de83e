import { fireEvent, render, screen } from '@testing-library/react';
import { Button, ButtonLink } from './button';

describe('Button', () => {
  it('renders a type="button" by default and handles clicks', () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('when loading: disables, sets aria-busy and keeps the label', () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not busy when not loading', () => {
    render(<Button variant="danger">Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('passes through the submit type and other attributes', () => {
    render(
      <Button type="submit" name="intent" value="save" fullWidth size="lg">
        Create account
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Create account' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'intent');
  });
});

describe('ButtonLink', () => {
  it('renders an anchor with the href', () => {
    render(
      <ButtonLink href="/web/register" variant="secondary">
        Start learning free
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Start learning free' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/web/register');
  });
});
